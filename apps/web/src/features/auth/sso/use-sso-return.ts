import { useEffect, useRef } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import type { LoginItem, SsoTarget } from '@fs/contract';
import { useFinishSso } from './api';
import { cleanLoginPath, readReturn, takePending } from './flow';

/**
 * On the return address (login page or /ssorapp): takes the provider's answer
 * off the address bar (keeping redirectAfterLogin), then exchanges the code once.
 */
export function useSsoReturn(target: SsoTarget, onSignedIn: (item: LoginItem) => unknown) {
  const [params] = useSearchParams();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const finish = useFinishSso();
  const handled = useRef(false);
  useEffect(() => {
    if (handled.current) return;
    const back = readReturn(params);
    if (!back) return;
    handled.current = true;
    const pending = takePending();
    const mine = pending?.target === target ? pending : null;
    navigate(cleanLoginPath(pathname, mine?.redirect ?? null), { replace: true });
    finish.mutate({ back, pending: mine }, { onSuccess: (item) => onSignedIn(item) });
    // Once per page visit: the parameters are gone after the first run.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return finish;
}
