import { Alert, Card, Grid, Stack, Text, Title } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../app/components/LoadError';
import { PageLoader } from '../../../app/components/PageLoader';
import { usePageTitle } from '../../../app/use-page-title';
import { useCan, useSessionUser } from '../../../app/session/api';
import { useCompany } from './api';
import { CompanyForm } from './CompanyForm';
import { LogoUpload } from './LogoUpload';
import { DeletionCard } from './DeletionCard';

export function CompanyPage() {
  const { t } = useTranslation();
  usePageTitle(t('company.title'));
  const company = useCompany();
  const readOnly = useCan('gestione_azienda', 'write') !== true;
  const isAdmin = useSessionUser().data?.role === 'admin';

  return (
    <Stack gap="lg">
      <div>
        <Title order={1}>{t('company.title')}</Title>
        <Text c="dimmed">{t('company.subtitle')}</Text>
      </div>
      {readOnly && (
        <Alert color="yellow" icon={<IconLock />} role="status">
          {t('company.readOnly')}
        </Alert>
      )}
      {company.isError && <LoadError error={company.error} onRetry={() => void company.refetch()} />}
      {company.isPending && <PageLoader />}
      {company.data && (
        <Grid gap="lg">
          <Grid.Col span={{ base: 12, lg: 8 }}>
            <Card withBorder radius="md" padding="lg">
              <CompanyForm key={company.data.id} company={company.data} readOnly={readOnly} />
            </Card>
          </Grid.Col>
          <Grid.Col span={{ base: 12, lg: 4 }}>
            <Card withBorder radius="md" padding="lg">
              <Title order={2} size="h4" mb="sm">
                {t('company.logo.title')}
              </Title>
              <LogoUpload logoId={company.data.logo?.id ?? null} readOnly={readOnly} />
            </Card>
            {isAdmin && (
              <div style={{ marginTop: 'var(--mantine-spacing-lg)' }}>
                <DeletionCard companyName={company.data.ragione_sociale} timeZone={company.data.timezone} />
              </div>
            )}
          </Grid.Col>
        </Grid>
      )}
    </Stack>
  );
}
