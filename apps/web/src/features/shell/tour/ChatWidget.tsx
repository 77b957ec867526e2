import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { isTrialActive, todayIn } from '@fs/contract';
import { usePublicConfig } from '../public-config/api';
import { useSessionUser } from '../../../app/session/api';
import { useCompanyZone } from '../../company';
import { chatWanted, injectChatScript, whenChatReady } from './chat-loader';

/**
 * The live-chat widget: its script (CHAT_WIDGET_URL, none by default) is loaded
 * during the free trial only, and the widget is hidden on the checkout page.
 * The widget's API is looked for every 200 ms until it is there.
 */
export function ChatWidget() {
  const config = usePublicConfig();
  const { data: user } = useSessionUser();
  const { pathname } = useLocation();
  const loaded = useRef(false);
  const url = config.data?.chatWidgetUrl ?? null;
  const zone = useCompanyZone();
  const trial = !!user && isTrialActive(user.aziendamap, todayIn(zone));
  const wanted = chatWanted({ url, trial, pathname });

  useEffect(() => {
    if (wanted && url) {
      injectChatScript(url);
      loaded.current = true;
      return whenChatReady((api) => api.showWidget?.());
    }
    if (loaded.current) return whenChatReady((api) => api.hideWidget?.());
    return undefined;
  }, [wanted, url]);

  return null;
}
