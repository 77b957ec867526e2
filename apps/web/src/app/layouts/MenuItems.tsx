import { useState } from 'react';
import { NavLink } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { MenuItem } from '@fs/contract';
import { menuIcon } from '../../features/shell';
import classes from './side-menu.module.css';

function matches(to: string, pathname: string): boolean {
  return to === '/' ? pathname === '/' : pathname === to || pathname.startsWith(`${to}/`);
}

/** Active when it matches and no sibling matches more precisely (/a/b beats /a on /a/b). */
function isActive(to: string, pathname: string, siblings: MenuItem[] = []): boolean {
  return matches(to, pathname) && !siblings.some((s) => s.to.length > to.length && matches(s.to, pathname));
}

interface ItemProps {
  item: MenuItem;
  onNavigate: () => void;
  /** The collapsed 70 px rail shows icons only: dropdowns open only when the menu is expanded. */
  expanded: boolean;
  siblings?: MenuItem[];
}

function Item({ item, onNavigate, expanded, siblings }: ItemProps) {
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
  const childActive = !!item.children?.some((c) => isActive(c.to, pathname));
  const [open, setOpen] = useState(childActive);
  if (item.children?.length) {
    return (
      <NavLink
        {...common}
        component="button"
        opened={expanded && open}
        onChange={setOpen}
        active={childActive}
        variant="subtle"
      >
        {item.children.map((child) => (
          <Item key={child.id} item={child} onNavigate={onNavigate} expanded={expanded} siblings={item.children} />
        ))}
      </NavLink>
    );
  }
  if (/^https?:/i.test(item.to)) {
    return (
      <NavLink
        {...common}
        component="a"
        href={item.to}
        target="_blank"
        rel="noopener noreferrer"
        onClick={onNavigate}
      />
    );
  }
  const active = isActive(item.to, pathname, siblings);
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

export function MenuItems({
  items,
  onNavigate,
  expanded,
}: {
  items: MenuItem[];
  onNavigate: () => void;
  expanded: boolean;
}) {
  return (
    <>
      {items.map((item) => (
        <Item key={item.id} item={item} onNavigate={onNavigate} expanded={expanded} siblings={items} />
      ))}
    </>
  );
}
