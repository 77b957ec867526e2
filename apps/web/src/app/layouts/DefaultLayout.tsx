import { useEffect, useState } from 'react';
import { useLocalStorage, useMediaQuery } from '@mantine/hooks';
import { useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CLIENT } from '@fs/contract';
import { useSessionUser } from '../session/api';
import { DeletionBanner } from '../../features/company';
import { ExpiredGuard } from '../../features/billing';
import { SubscriptionBanners } from '../../features/billing';
import { ChatWidget } from '../../features/shell';
import { FirstAccessTour } from '../../features/shell';
import { AppHeader } from './AppHeader';
import { FooterLinks } from './FooterLinks';
import { PageOutlet } from './PageOutlet';
import { SideMenu } from './SideMenu';
import classes from './default-layout.module.css';
import layoutClasses from './layouts.module.css';

/** Layout "default": side menu, header with the user, footer links. */
export function DefaultLayout() {
  const { t } = useTranslation();
  const { data: user } = useSessionUser();
  const { pathname } = useLocation();
  const mobile = useMediaQuery(`(max-width: ${CLIENT.breakpoints.mobile - 0.02}px)`, false) ?? false;
  const hoverCapable = useMediaQuery(`(min-width: ${CLIENT.breakpoints.hover}px)`, true) ?? true;
  const [pinned, setPinned] = useLocalStorage({ key: 'fs.menuPinned', defaultValue: false });
  const [mobileOpen, setMobileOpen] = useState(false);

  useEffect(() => setMobileOpen(false), [pathname, mobile]);

  if (!user) return null;
  const offset = mobile ? 0 : pinned ? CLIENT.menuExpandedPx : CLIENT.menuCollapsedPx;

  return (
    <div className={classes.shell}>
      <a href="#main-content" className={layoutClasses.skipLink}>
        {t('common.skipToContent')}
      </a>
      <SideMenu
        mobile={mobile}
        hoverCapable={hoverCapable}
        pinned={pinned}
        setPinned={setPinned}
        mobileOpen={mobileOpen}
        closeMobile={() => setMobileOpen(false)}
      />
      <div className={classes.main} style={{ marginLeft: offset }}>
        <AppHeader user={user} mobile={mobile} menuOpen={mobileOpen} onToggleMenu={() => setMobileOpen((o) => !o)} />
        <main id="main-content" className={classes.content} tabIndex={-1}>
          <DeletionBanner />
          <SubscriptionBanners />
          <ExpiredGuard>
            <PageOutlet />
          </ExpiredGuard>
        </main>
        <footer className={classes.footer}>
          <FooterLinks />
        </footer>
      </div>
      <FirstAccessTour contentLeft={offset} />
      <ChatWidget />
    </div>
  );
}
