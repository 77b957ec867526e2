import { Anchor, Badge, Button, Group, Paper, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { modals } from '@mantine/modals';
import { IconLock, IconLockOpen } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatMoney, type ClockingMonth, type ClockingTotals } from '@fs/contract';
import { errorText } from '../../../../app/api/errors';
import { notify } from '../../../../app/notify';
import { displayName } from '../../../../app/session/display-name';
import { useOfficeSave } from '../api';
import { minutesText } from '../logic';
import classes from '../clocking.module.css';

/** "novembre 2026" in the interface's language. */
export function monthName(month: string, lang: string): string {
  const d = new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)) - 1, 1));
  return new Intl.DateTimeFormat(lang, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(d);
}

/** A month's approval of one technician: who and when, with approve or unlock (after a confirmation). */
function Approval({
  utenteId,
  name,
  month,
  state,
  timeZone,
  mayWrite,
}: {
  utenteId: string;
  name: string;
  month: string;
  state: ClockingMonth | undefined;
  timeZone: string;
  mayWrite: boolean;
}) {
  const { t, i18n } = useTranslation();
  const save = useOfficeSave();
  const phone = useMediaQuery('(max-width: 48em)') === true;
  const approved = !!state?.approvato;
  const ask = (azione: 'APPROVA' | 'SBLOCCA') => {
    const key = azione === 'APPROVA' ? 'approve' : 'unlock';
    const vars = { name, month: monthName(month, i18n.language) };
    modals.openConfirmModal({
      title: t(`clocking.office.${key}Title`, vars),
      children: <Text size="sm">{t(`clocking.office.${key}Text`, vars)}</Text>,
      labels: { confirm: t(`clocking.office.${key}`), cancel: t('common.cancel') },
      confirmProps: azione === 'SBLOCCA' ? { color: 'orange' } : {},
      onConfirm: () =>
        save.mutate(
          { utenteId, approvazione: { mese: month, azione } },
          {
            onSuccess: () => notify.success(t(`clocking.office.${key}Done`, vars)),
            onError: (e) => notify.error(errorText(t, e)),
          },
        ),
    });
  };
  return (
    <Stack gap={4} align="flex-start">
      {approved ? (
        <>
          <Badge color="green" variant="light" leftSection={<IconLock size={12} aria-hidden />}>
            {t('clocking.office.approved')}
          </Badge>
          <Text size="xs" c="dimmed" data-testid="approved-by">
            {t('clocking.office.approvedBy', {
              name: state?.approvatoDa ? displayName(state.approvatoDa) : '—',
              when: formatDateTime(state?.approvatoIl, timeZone) ?? '',
            })}
          </Text>
        </>
      ) : (
        <Badge color="gray" variant="light">
          {t('clocking.office.notApproved')}
        </Badge>
      )}
      {mayWrite && (
        <Button
          size={phone ? 'md' : 'xs'}
          className={phone ? classes.touch : undefined}
          variant={approved ? 'default' : 'light'}
          leftSection={approved ? <IconLockOpen size={14} aria-hidden /> : <IconLock size={14} aria-hidden />}
          loading={save.isPending}
          onClick={() => ask(approved ? 'SBLOCCA' : 'APPROVA')}
          aria-label={t(approved ? 'clocking.office.unlockFor' : 'clocking.office.approveFor', { name })}
        >
          {t(approved ? 'clocking.office.unlock' : 'clocking.office.approve')}
        </Button>
      )}
    </Stack>
  );
}

/**
 * Each technician's totals over the shown range (calculated times: work and travel as h:mm, the
 * allowance's days and amount) and the approval of the shown month.
 */
export function TotalsTable({
  totals,
  months,
  month,
  timeZone,
  mayWrite,
  onSelect,
}: {
  totals: ClockingTotals[];
  months: ClockingMonth[];
  month: string;
  timeZone: string;
  mayWrite: boolean;
  /** Given: a technician's name opens their records. */
  onSelect?: (utenteId: string) => void;
}) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const phone = useMediaQuery('(max-width: 48em)') === true;
  const nameOf = (id: string, name: string) =>
    onSelect ? (
      <Anchor component="button" type="button" fw={700} onClick={() => onSelect(id)} data-testid="totals-select">
        {name}
      </Anchor>
    ) : (
      name
    );
  const approvalOf = (id: string, name: string) => (
    <Approval
      utenteId={id}
      name={name}
      month={month}
      state={months.find((m) => m.utenteId === id && m.mese === month)}
      timeZone={timeZone}
      mayWrite={mayWrite}
    />
  );
  if (phone) {
    // A phone: one card per technician, the figures as label and value, the approval below.
    return (
      <Stack
        gap="xs"
        data-testid="clocking-totals"
        aria-label={t('clocking.office.totalsCaption', { month: monthName(month, lang) })}
      >
        {totals.map((row) => {
          const name = displayName(row.utente);
          const facts: [string, string, string][] = [
            [t('clocking.office.work'), minutesText(row.lavoroMinuti), 'total-work'],
            [t('clocking.office.travel'), minutesText(row.viaggioMinuti), 'total-travel'],
            [t('clocking.office.allowanceDays'), String(row.giorniTrasferta), 'total-days'],
            [t('clocking.office.allowanceAmount'), formatMoney(row.importoTrasferte, lang), 'total-allowance'],
            [t('clocking.office.anomalies'), String(row.anomalie), 'total-anomalies'],
          ];
          return (
            <Paper key={row.utente.id} withBorder radius="md" p="sm" data-testid="totals-row">
              <Text fw={700} mb={4}>
                {nameOf(row.utente.id, name)}
              </Text>
              <SimpleGrid cols={2} spacing={4} verticalSpacing={2} mb="xs">
                {facts.map(([label, value, id]) => (
                  <Group key={id} gap={6} wrap="nowrap">
                    <Text size="sm" c="dimmed">
                      {label}
                    </Text>
                    <Text size="sm" fw={600} data-testid={id}>
                      {value}
                    </Text>
                  </Group>
                ))}
              </SimpleGrid>
              {approvalOf(row.utente.id, name)}
            </Paper>
          );
        })}
      </Stack>
    );
  }
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table striped highlightOnHover verticalSpacing="sm" data-testid="clocking-totals">
        <Table.Caption>{t('clocking.office.totalsCaption', { month: monthName(month, lang) })}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('clocking.office.technician')}</Table.Th>
            <Table.Th ta="right">{t('clocking.office.work')}</Table.Th>
            <Table.Th ta="right">{t('clocking.office.travel')}</Table.Th>
            <Table.Th ta="right">{t('clocking.office.allowanceDays')}</Table.Th>
            <Table.Th ta="right">{t('clocking.office.allowanceAmount')}</Table.Th>
            <Table.Th ta="right">{t('clocking.office.anomalies')}</Table.Th>
            <Table.Th>{t('clocking.office.month', { month: monthName(month, lang) })}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {totals.map((row) => {
            const name = displayName(row.utente);
            return (
              <Table.Tr key={row.utente.id} data-testid="totals-row">
                <Table.Td fw={600}>{nameOf(row.utente.id, name)}</Table.Td>
                <Table.Td ta="right" ff="monospace" data-testid="total-work">
                  {minutesText(row.lavoroMinuti)}
                </Table.Td>
                <Table.Td ta="right" ff="monospace" data-testid="total-travel">
                  {minutesText(row.viaggioMinuti)}
                </Table.Td>
                <Table.Td ta="right">{row.giorniTrasferta}</Table.Td>
                <Table.Td ta="right" className={classes.nowrap} data-testid="total-allowance">
                  {formatMoney(row.importoTrasferte, lang)}
                </Table.Td>
                <Table.Td ta="right">
                  {row.anomalie > 0 ? (
                    <Badge color="yellow.4" variant="filled" autoContrast>
                      {row.anomalie}
                    </Badge>
                  ) : (
                    0
                  )}
                </Table.Td>
                <Table.Td>{approvalOf(row.utente.id, name)}</Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
