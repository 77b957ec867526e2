import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { CompanyMap } from '@fs/contract';
import { Facts, type Fact } from '../../../app/components/Facts';
import { daysUntil, formatDate } from '../../../app/format';
import { STATUS_COLOR, subscriptionStatus } from './subscription';

/** The company's plan and dates from the session user's aziendamap; `withPlan` false: its name and VAT only. */
export function CompanyFacts({
  company,
  timeZone,
  withPlan = true,
}: {
  company: CompanyMap;
  timeZone?: string;
  withPlan?: boolean;
}) {
  const { t } = useTranslation();
  const status = subscriptionStatus(company);
  const trialDays = daysUntil(company.scadenza_trial_date);
  const items: Fact[] = [
    { label: t('home.companyName'), value: company.ragione_sociale },
    { label: t('home.vat'), value: company.partita_iva },
  ];
  if (!withPlan) return <Facts items={items} />;
  items.push(
    { label: t('home.plan'), value: <Badge variant="light">{t(`plans.${company.subscription_type}`)}</Badge> },
    {
      label: t('home.status'),
      value: <Badge color={STATUS_COLOR[status]}>{t(`home.statuses.${status}`)}</Badge>,
    },
    { label: t('home.trialEnd'), value: formatDate(company.scadenza_trial_date, timeZone) },
  );
  if (status === 'trial' && trialDays !== null) {
    items.push({ label: t('home.trialDaysLeft'), value: t('home.days', { count: trialDays }) });
  }
  items.push(
    { label: t('home.subscriptionStart'), value: formatDate(company.start_abbonamento_date, timeZone) },
    { label: t('home.subscriptionEnd'), value: formatDate(company.scadenza_abbonamento_date, timeZone) },
  );
  return <Facts items={items} />;
}
