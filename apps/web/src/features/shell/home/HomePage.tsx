import { Badge, Card, Group, Image, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconBuilding, IconUserCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, type SessionUser } from '@fs/contract';
import { Facts } from '../../../app/components/Facts';
import { usePageTitle } from '../../../app/use-page-title';
import { useSessionUser, useCan } from '../../../app/session/api';
import { useFieldTechnician } from '../../../app/session/field-technician';
import { displayName } from '../../../app/session/display-name';
import { CompanyFacts } from './CompanyFacts';
import { SubscriptionCards } from './SubscriptionCards';
import { useCompany, useCompanyLogo } from '../../company';
import { ClockCard, TechnicianDay, TodoCard } from '../../operations';

function SectionTitle({ icon, children }: { icon: React.ReactNode; children: React.ReactNode }) {
  return (
    <Group gap="xs" mb="sm" wrap="nowrap">
      {icon}
      <Title order={2} size="h4">
        {children}
      </Title>
    </Group>
  );
}

function ProfileCard({ user }: { user: SessionUser }) {
  const { t } = useTranslation();
  const language = LANGUAGES.find((l) => l.codice === user.lingua.toUpperCase())?.nome ?? user.lingua;
  return (
    <Card withBorder radius="md" padding="lg">
      <SectionTitle icon={<IconUserCircle size={22} aria-hidden />}>{t('home.profile')}</SectionTitle>
      <Facts
        items={[
          { label: t('home.name'), value: displayName(user) },
          { label: t('home.role'), value: <Badge variant="light">{t(`home.roles.${user.role}`)}</Badge> },
          { label: t('home.username'), value: user.username },
          { label: t('home.email'), value: user.email },
          { label: t('home.language'), value: language },
        ]}
      />
    </Card>
  );
}

function CompanyCard({ user, withPlan = true }: { user: SessionUser; withPlan?: boolean }) {
  const { t } = useTranslation();
  const canReadCompany = useCan('gestione_azienda', 'read') === true;
  const company = useCompany(canReadCompany);
  const logo = useCompanyLogo(company.data?.logo?.id);
  return (
    <Card withBorder radius="md" padding="lg">
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <SectionTitle icon={<IconBuilding size={22} aria-hidden />}>{t('home.company')}</SectionTitle>
        {logo.url && (
          <Image
            src={logo.url}
            alt={t('home.logoAlt', { name: user.aziendamap.ragione_sociale })}
            h={48}
            w="auto"
            maw={140}
            fit="contain"
          />
        )}
      </Group>
      <CompanyFacts company={user.aziendamap} timeZone={company.data?.timezone ?? user.timezone} withPlan={withPlan} />
    </Card>
  );
}

export function HomePage() {
  const { t } = useTranslation();
  usePageTitle(t('home.title'));
  const { data: user } = useSessionUser();
  // The subscription's limits and plan matter to who manages it; a technician sees their profile first.
  const managesSubscription = useCan('gestione_abbonamento', 'read') === true;
  // A technician's day starts from the reports assigned to them; the office sees the card below the subscription.
  const doesReports = useCan('gestione_interventi', 'read') === true;
  // A technician in the field starts from today's visits, without the plan and subscription (issue 24).
  const fieldTechnician = useFieldTechnician();
  if (!user) return null;
  if (fieldTechnician) {
    return (
      <Stack gap="lg" maw={720}>
        <div>
          <Title order={1}>{t('home.greeting', { name: displayName(user) })}</Title>
          <Text c="dimmed">{t('home.technicianIntro', { company: user.aziendamap.ragione_sociale })}</Text>
        </div>
        <ClockCard />
        <TechnicianDay />
        <ProfileCard user={user} />
        <CompanyCard user={user} withPlan={false} />
      </Stack>
    );
  }
  return (
    <Stack gap="lg">
      <div>
        <Title order={1}>{t('home.greeting', { name: displayName(user) })}</Title>
        <Text c="dimmed">{t('home.intro', { company: user.aziendamap.ragione_sociale })}</Text>
      </div>
      {doesReports && !managesSubscription && <TodoCard />}
      {managesSubscription && <SubscriptionCards />}
      {doesReports && managesSubscription && <TodoCard hideWhenEmpty />}
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <ProfileCard user={user} />
        <CompanyCard user={user} />
      </SimpleGrid>
    </Stack>
  );
}
