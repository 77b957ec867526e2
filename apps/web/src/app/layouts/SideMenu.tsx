import { useEffect, useRef, useState, type FocusEvent } from 'react';
import { ActionIcon, Alert, Skeleton, Stack, Tooltip } from '@mantine/core';
import { IconPin, IconPinnedOff, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { CLIENT } from '@fs/contract';
import { useActivePages } from '../../features/shell';
import { errorText } from '../api/errors';
import { Brand } from '../components/Brand';
import { LanguageMenu } from './LanguageMenu';
import { MenuItems } from './MenuItems';
import classes from './side-menu.module.css';

export interface MenuState {
  /** Below 576 px: the menu is a drawer opened from the header. */
  mobile: boolean;
  /** Above 769 px: hovering opens the menu. */
  hoverCapable: boolean;
  pinned: boolean;
  setPinned: (pinned: boolean) => void;
  mobileOpen: boolean;
  closeMobile: () => void;
}

export function SideMenu({ mobile, hoverCapable, pinned, setPinned, mobileOpen, closeMobile }: MenuState) {
  const { t } = useTranslation();
  const pages = useActivePages();
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [languageOpen, setLanguageOpen] = useState(false);
  const expanded = mobile ? mobileOpen : pinned || (hoverCapable && hovered) || focused || languageOpen;
  const width = mobile || expanded ? CLIENT.menuExpandedPx : CLIENT.menuCollapsedPx;

  const onBlur = (event: FocusEvent<HTMLElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
  };
  const drawerFocus = useDrawerFocus(mobile && mobileOpen, closeMobile);

  return (
    <>
      {mobile && mobileOpen && <div className={classes.backdrop} onClick={closeMobile} aria-hidden />}
      <nav
        id="side-menu"
        className={classes.nav}
        style={{ width }}
        aria-label={t('menu.label')}
        data-expanded={expanded || undefined}
        data-pinned={(pinned && !mobile) || undefined}
        data-mobile={mobile || undefined}
        inert={mobile && !mobileOpen ? true : undefined}
        onMouseEnter={() => setHovered(true)}
        onMouseLeave={() => setHovered(false)}
        onFocus={() => setFocused(true)}
        onBlur={onBlur}
        ref={drawerFocus}
      >
        <div className={classes.inner}>
          <div className={classes.top}>
            <Brand textClassName={classes.fade} />
            {mobile ? (
              <ActionIcon variant="subtle" color="gray" onClick={closeMobile} aria-label={t('menu.close')}>
                <IconX size={20} />
              </ActionIcon>
            ) : (
              <Tooltip label={pinned ? t('menu.unpin') : t('menu.pin')}>
                <ActionIcon
                  className={classes.fade}
                  variant={pinned ? 'light' : 'subtle'}
                  color={pinned ? 'brand' : 'gray'}
                  onClick={() => setPinned(!pinned)}
                  aria-pressed={pinned}
                  aria-label={pinned ? t('menu.unpin') : t('menu.pin')}
                >
                  {pinned ? <IconPinnedOff size={18} /> : <IconPin size={18} />}
                </ActionIcon>
              </Tooltip>
            )}
          </div>
          <div className={classes.items}>
            {pages.isPending && (
              <Stack gap={8} px={20} aria-hidden>
                <Skeleton h={28} w={28} />
                <Skeleton h={28} w={28} />
              </Stack>
            )}
            {pages.isError && expanded && (
              <Alert color="red" mx="xs" p="xs">
                {t('errors.loadFailed', { error: errorText(t, pages.error) })}
              </Alert>
            )}
            {pages.data && (
              <MenuItems items={pages.data} onNavigate={mobile ? closeMobile : () => undefined} expanded={expanded} />
            )}
          </div>
          <div className={classes.bottom}>
            <LanguageMenu onOpenChange={setLanguageOpen} />
          </div>
        </div>
      </nav>
    </>
  );
}

/**
 * The phone drawer takes the focus when it opens (it comes before the header's burger in the
 * page, so Tab alone would never reach it), Escape closes it, and the focus goes back to the
 * burger when it closes.
 */
function useDrawerFocus(open: boolean, close: () => void) {
  const ref = useRef<HTMLElement>(null);
  const closeRef = useRef(close);
  closeRef.current = close;
  useEffect(() => {
    if (!open) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const panel = ref.current;
    panel?.querySelector<HTMLElement>('button, a[href]')?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') closeRef.current();
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      const focus = document.activeElement;
      if (opener?.isConnected && (!focus || focus === document.body || panel?.contains(focus))) opener.focus();
    };
  }, [open]);
  return ref;
}
