import { ActionIcon, Avatar, Burger, Group, Text, Tooltip } from '@mantine/core';
import { IconLogout, IconUser } from '@tabler/icons-react';
import { useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { routes, type SessionUser } from '@fs/contract';
import { api } from '../api/client';
import { useBlobUrl } from '../api/use-blob-url';
import { useLogout } from '../../features/identity';
import { findMenuItem, useActivePages } from '../../features/shell';
import { displayName } from '../session/display-name';
import classes from './default-layout.module.css';

interface HeaderProps {
  user: SessionUser;
  mobile: boolean;
  menuOpen: boolean;
  onToggleMenu: () => void;
}

export function AppHeader({ user, mobile, menuOpen, onToggleMenu }: HeaderProps) {
  const { t } = useTranslation();
  const logout = useLogout();
  const mediaId = user.media?.id ?? null;
  const photo = useBlobUrl(
    ['media', mediaId],
    mediaId ? () => api.call(routes.media.content, { params: { id: mediaId } }) : null,
    Infinity,
  );
  const name = displayName(user);
  const { pathname } = useLocation();
  const current = findMenuItem(useActivePages().data ?? [], pathname);

  return (
    <header className={classes.header}>
      <Group gap="sm" wrap="nowrap">
        {mobile && (
          <Burger
            opened={menuOpen}
            onClick={onToggleMenu}
            size="sm"
            aria-label={menuOpen ? t('menu.close') : t('menu.open')}
            aria-controls="side-menu"
            aria-expanded={menuOpen}
          />
        )}
        {current && (
          <Text fw={600} c="dimmed" truncate="end">
            {t(current.i18nKey, { defaultValue: current.name })}
          </Text>
        )}
      </Group>
      <Group gap="sm" wrap="nowrap" className={classes.user}>
        <Avatar src={photo.url} alt={t('header.photoAlt', { name })} radius="xl" color="brand" size={36}>
          <IconUser size={20} aria-hidden />
        </Avatar>
        <div className={classes.userText}>
          <Text size="sm" fw={600} truncate="end">
            {name}
          </Text>
          <Text size="xs" c="dimmed" truncate="end">
            {user.aziendamap.ragione_sociale}
          </Text>
        </div>
        <Tooltip label={t('header.logout')}>
          <ActionIcon
            variant="subtle"
            color="gray"
            size="lg"
            onClick={() => logout.mutate()}
            loading={logout.isPending}
            aria-label={t('header.logout')}
          >
            <IconLogout size={20} />
          </ActionIcon>
        </Tooltip>
      </Group>
    </header>
  );
}
