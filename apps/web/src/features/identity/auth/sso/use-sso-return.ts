import { useEffect, useRef } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import type { LoginItem, SsoTarget } from '@fs/contract';
import { useFinishSso, type SsoFinish } from './api';
import { cleanLoginPath, readReturn, takePending } from './flow';

/**
 * On the return address (login page or /ssorapp): takes the provider's answer
 * off the address bar (keeping redirectAfterLogin), then exchanges the code once.
 *
 * Two steps on purpose: the exchange starts only once the cleaned address is the
 * rendered one. Signing in re-renders the public-only guard at once, and it reads
 * redirectAfterLogin from the rendered address; had the exchange answered before
 * the router committed the cleaned address, the guard would still see the
 * provider's parameters and send the user to `/` instead of the page asked for.
 */
export function useSsoReturn(target: SsoTarget, onSignedIn: (item: LoginItem) => unknown) {
  const [params] = useSearchParams();
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const finish = useFinishSso();
  const handled = useRef(false);
  const exchange = useRef<SsoFinish | null>(null);

  useEffect(() => {
    if (handled.current) return;
    const back = readReturn(params);
    if (!back) return;
    handled.current = true;
    const pending = takePending();
    const mine = pending?.target === target ? pending : null;
    exchange.current = { back, pending: mine };
    void navigate(cleanLoginPath(pathname, mine?.redirect ?? null), { replace: true });
    // Once per page visit: the parameters are gone after the first run.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    const ready = exchange.current;
    if (!ready || readReturn(params)) return; // not a return, or the cleaned address is not rendered yet
    exchange.current = null;
    finish.mutate(ready, { onSuccess: (item) => onSignedIn(item) });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [search]);

  return finish;
}
