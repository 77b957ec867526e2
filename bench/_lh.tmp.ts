import lighthouse from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';
const url = process.argv[2]!;
const chrome = await chromeLauncher.launch({ chromePath: '/usr/bin/chromium', chromeFlags: ['--headless=new','--no-sandbox','--disable-gpu','--no-first-run'] });
try {
  const r = await lighthouse(url, { port: chrome.port, onlyCategories: ['performance'], logLevel: 'error' });
  const a = r!.lhr.audits;
  console.log('score', r!.lhr.categories.performance!.score);
  for (const id of ['first-contentful-paint','largest-contentful-paint','total-blocking-time','cumulative-layout-shift','speed-index','interactive']) console.log(id, a[id]?.displayValue);
  console.log(JSON.stringify((a['long-tasks']?.details as any)?.items?.slice(0,10)));
  console.log(JSON.stringify((a['bootup-time']?.details as any)?.items?.slice(0,8)));
  console.log(JSON.stringify((a['mainthread-work-breakdown']?.details as any)?.items));
  console.log(JSON.stringify((a['largest-contentful-paint-element']?.details as any)?.items?.[0]?.items?.[0]?.node?.snippet));
  console.log(JSON.stringify((a['render-blocking-resources']?.details as any)?.items));
} finally { chrome.kill(); }
