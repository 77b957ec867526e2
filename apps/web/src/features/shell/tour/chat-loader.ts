/** The spec's chat retry: the widget's global is looked for every 200 ms. */
export const CHAT_RETRY_MS = 200;

/** What the widget script puts on window (a Tawk-compatible API). */
export interface ChatApi {
  showWidget?: () => void;
  hideWidget?: () => void;
}

export const CHAT_GLOBAL = 'Tawk_API';
const SCRIPT_ID = 'fs-chat-widget';

type Win = Window & { [CHAT_GLOBAL]?: ChatApi };

/** Adds the widget's script once (async). */
export function injectChatScript(url: string, doc: Document = document): void {
  if (doc.getElementById(SCRIPT_ID)) return;
  const s = doc.createElement('script');
  s.id = SCRIPT_ID;
  s.async = true;
  s.src = url;
  doc.head.appendChild(s);
}

/**
 * Calls `use` with the widget's API as soon as its global exists, checking
 * every 200 ms (the spec's chat retry). Answers a function that stops waiting.
 */
export function whenChatReady(
  onReady: (api: ChatApi) => void,
  win: Win = window as Win,
  everyMs = CHAT_RETRY_MS,
): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;
  const attempt = () => {
    if (stopped) return;
    const api = win[CHAT_GLOBAL];
    if (api && (api.showWidget || api.hideWidget)) onReady(api);
    else timer = setTimeout(attempt, everyMs);
  };
  attempt();
  return () => {
    stopped = true;
    if (timer) clearTimeout(timer);
  };
}

/** The widget shows only during the free trial and never on the checkout page. */
export function chatWanted(o: { url: string | null | undefined; trial: boolean; pathname: string }): boolean {
  return !!o.url && o.trial && !o.pathname.startsWith('/subscription-plan/checkout');
}
