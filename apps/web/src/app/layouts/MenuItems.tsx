import { NavLink } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { MenuItem } from '@fs/contract';
import { menuIcon } from '../../features/navigation/icons';
import classes from './side-menu.module.css';

function isActive(to: string, pathname: string): boolean {
  return to === '/' ? pathname === '/' : pathname === to || pathname.startsWith(`${to}/`);
}

interface ItemProps {
  item: MenuItem;
  onNavigate: () => void;
}

function Item({ item, onNavigate }: ItemProps) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const Icon = menuIcon(item.icon);
  const label = t(item.i18nKey, { defaultValue: item.name });
  const common = {
    label,
    leftSection: <Icon size={24} stroke={1.6} aria-hidden />,
    className: classes.link,
    classNames: { body: classes.fade, chevron: classes.fade },
  };
  if (item.children?.length) {
    const childActive = item.children.some((c) => isActive(c.to, pathname));
    return (
      <NavLink {...common} component="button" defaultOpened={childActive} active={childActive} variant="subtle">
        {item.children.map((child) => (
          <Item key={child.id} item={child} onNavigate={onNavigate} />
        ))}
      </NavLink>
    );
  }
  if (/^https?:/i.test(item.to)) {
    return <NavLink {...common} component="a" href={item.to} target="_blank" rel="noopener noreferrer" onClick={onNavigate} />;
  }
  const active = isActive(item.to, pathname);
  return (
    <NavLink
      {...common}
      component={Link}
      to={item.to}
      active={active}
      aria-current={active ? 'page' : undefined}
      onClick={onNavigate}
    />
  );
}

export function MenuItems({ items, onNavigate }: { items: MenuItem[]; onNavigate: () => void }) {
  return (
    <>
      {items.map((item) => (
        <Item key={item.id} item={item} onNavigate={onNavigate} />
      ))}
    </>
  );
}
