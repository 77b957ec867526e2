import { chromium } from '@playwright/test';
import { readFileSync } from 'node:fs';
const b = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox','--disable-gpu'] });
const page = await b.newPage();
const diff = async (x, y) => page.evaluate(async ([a, b]) => {
  const load = (src) => new Promise((ok) => { const i = new Image(); i.onload = () => ok(i); i.src = src; });
  const [ia, ib] = await Promise.all([load(a), load(b)]);
  const c = (i) => { const cv = document.createElement('canvas'); cv.width = i.width; cv.height = i.height; const cx = cv.getContext('2d'); cx.drawImage(i, 0, 0); return cx.getImageData(0, 0, i.width, i.height).data; };
  const da = c(ia), db = c(ib); let n = 0; let box = [1e9,1e9,-1,-1];
  for (let p = 0; p < da.length; p += 4) if (da[p] !== db[p] || da[p+1] !== db[p+1] || da[p+2] !== db[p+2]) { n++; const k=p/4, X=k%ia.width, Y=Math.floor(k/ia.width); box=[Math.min(box[0],X),Math.min(box[1],Y),Math.max(box[2],X),Math.max(box[3],Y)]; }
  return { n, box, size: [ia.width, ia.height, ib.width, ib.height] };
}, [x, y].map((f) => 'data:image/png;base64,' + readFileSync(f).toString('base64')));
for (const [a, c] of process.argv.slice(2).reduce((acc, v, i, arr) => (i % 2 ? acc : [...acc, [v, arr[i + 1]]]), [])) console.log(a, c, JSON.stringify(await diff(a, c)));
await b.close();
