import { Anchor, Group, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';

/** Privacy, general conditions and help links, shared by every layout's footer. */
export function FooterLinks() {
  const { t } = useTranslation();
  return (
    <Group component="nav" aria-label={t('footer.label')} gap="md" justify="center" wrap="wrap">
      <Anchor component={Link} to="/public/privacy" size="xs" c="dimmed">
        {t('footer.privacy')}
      </Anchor>
      <Anchor component={Link} to="/public/terms" size="xs" c="dimmed">
        {t('footer.terms')}
      </Anchor>
      <Anchor component={Link} to="/public/help" size="xs" c="dimmed">
        {t('footer.help')}
      </Anchor>
      <Text size="xs" c="dimmed">
        © {new Date().getFullYear()} {t('app.name')}
      </Text>
    </Group>
  );
}
