import { ActionIcon, Group, Paper, Stack, Table, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { modals } from '@mantine/modals';
import { IconArrowBackUpDouble, IconEdit, IconLock, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatDay, formatDecimal, type ClockingRecord } from '@fs/contract';
import { confirmDelete } from '../../../../app/confirm-delete';
import { errorText } from '../../../../app/api/errors';
import { notify } from '../../../../app/notify';
import { useOfficeSave } from '../api';
import { AnomalyBadges, KindBadge } from '../badges';
import { effectiveEnd, effectiveStart, minutesText, spanText } from '../logic';
import classes from '../clocking.module.css';

/**
 * The shown range's records, day by day: raw, corrected and calculated times, the duration, travel's
 * customer and km, anomalies; correct (any), remove (free records), mark a return not necessary.
 */
export function RecordsTable({
  records,
  names,
  showTechnician,
  timeZone,
  mayWrite,
  returnable,
  onCorrect,
}: {
  records: ClockingRecord[];
  names: Map<string, string>;
  showTechnician: boolean;
  timeZone: string;
  mayWrite: boolean;
  /** Outward travels not yet returned: their return may be marked not necessary. */
  returnable: Set<string>;
  onCorrect: (r: ClockingRecord) => void;
}) {
  const { t, i18n } = useTranslation();
  const save = useOfficeSave();
  // A phone lists cards (every time readable, 48 px actions); a wider screen the table.
  const phone = useMediaQuery('(max-width: 48em)') === true;
  const touch = phone ? 48 : 'lg';
  const remove = (r: ClockingRecord) =>
    confirmDelete(t, {
      title: t('clocking.office.removeTitle'),
      text: t('clocking.office.removeText', {
        kind: t(`clocking.kinds.${r.tipo}`),
        day: formatDay(r.giorno),
        times: spanText(effectiveStart(r), effectiveEnd(r), timeZone),
      }),
      confirm: t('clocking.office.remove'),
      done: t('clocking.office.removed'),
      remove: (cb) => save.mutate({ utenteId: r.utenteId, operazioni: [{ op: 'ELIMINA', id: r.id }] }, cb),
    });
  const returnNotNeeded = (r: ClockingRecord) =>
    modals.openConfirmModal({
      title: t('clocking.clock.returnNotNeededTitle'),
      children: <Text size="sm">{t('clocking.office.returnNotNeededText', { day: formatDay(r.giorno) })}</Text>,
      labels: { confirm: t('clocking.clock.returnNotNeededConfirm'), cancel: t('common.cancel') },
      onConfirm: () =>
        save.mutate(
          { utenteId: r.utenteId, operazioni: [{ op: 'RITORNO_NON_NECESSARIO', id: r.id }] },
          {
            onSuccess: () => notify.success(t('clocking.clock.returnMarked')),
            onError: (e) => notify.error(errorText(t, e)),
          },
        ),
    });

  /** Correct (any record), mark the return not necessary (an outward travel not returned), remove (free records). */
  const actionsOf = (r: ClockingRecord, what: string) => (
    <Group gap={4} wrap="nowrap" justify="flex-end">
      {r.approvata && (
        <Tooltip label={t('clocking.office.lockedHint')}>
          <IconLock size={18} aria-label={t('clocking.office.locked')} />
        </Tooltip>
      )}
      <ActionIcon
        variant="subtle"
        size={touch}
        onClick={() => onCorrect(r)}
        aria-label={t('clocking.office.correctOf', { what })}
      >
        <IconEdit size={18} />
      </ActionIcon>
      {mayWrite && returnable.has(r.id) && !r.approvata && (
        <ActionIcon
          variant="subtle"
          size={touch}
          onClick={() => returnNotNeeded(r)}
          aria-label={t('clocking.office.returnNotNeededOf', { what })}
        >
          <IconArrowBackUpDouble size={18} />
        </ActionIcon>
      )}
      {mayWrite && r.libera && (
        <ActionIcon
          variant="subtle"
          color="red"
          size={touch}
          onClick={() => remove(r)}
          aria-label={t('clocking.office.removeOf', { what })}
        >
          <IconTrash size={18} />
        </ActionIcon>
      )}
    </Group>
  );
  const whatOf = (r: ClockingRecord) =>
    `${t(`clocking.kinds.${r.tipo}`)} ${formatDay(r.giorno)} ${spanText(effectiveStart(r), effectiveEnd(r), timeZone)}`;
  const travelOf = (r: ClockingRecord) =>
    r.tipo === 'LAVORO'
      ? ''
      : [r.clienteNome, r.km !== null ? `${formatDecimal(r.km, i18n.language)} km` : null].filter(Boolean).join(' · ');

  if (phone) {
    return (
      <Stack
        gap="xs"
        component="ul"
        className={classes.list}
        data-testid="clocking-records"
        aria-label={t('clocking.office.recordsCaption')}
      >
        {records.map((r) => (
          <Paper component="li" key={r.id} withBorder radius="md" p="sm" data-testid="record-row" data-record-id={r.id}>
            <Group justify="space-between" wrap="nowrap" align="flex-start">
              <Stack gap={2}>
                <Group gap="xs">
                  <Text fw={600} size="sm">
                    {formatDay(r.giorno)}
                  </Text>
                  <KindBadge kind={r.tipo} />
                </Group>
                {showTechnician && <Text size="sm">{names.get(r.utenteId) ?? ''}</Text>}
                <Text size="sm">
                  {t('clocking.raw')}: {spanText(r.timbraturaStart, r.timbraturaEnd, timeZone)}
                </Text>
                {r.versione > 0 && (
                  <Text size="sm" c="violet.9" fw={600}>
                    {t('clocking.corrected')}: {spanText(r.timbraturaStartCorretta, r.timbraturaEndCorretta, timeZone)}
                  </Text>
                )}
                <Text size="sm" c="dimmed">
                  {t('clocking.calculated')}: {spanText(r.timbraturaStartCalcolata, r.timbraturaEndCalcolata, timeZone)}
                </Text>
                {travelOf(r) && <Text size="sm">{travelOf(r)}</Text>}
                <AnomalyBadges anomalies={r.anomalie} />
              </Stack>
              <Text fw={700} ff="monospace">
                {minutesText(r.minutiCalcolati)}
              </Text>
            </Group>
            {actionsOf(r, whatOf(r))}
          </Paper>
        ))}
      </Stack>
    );
  }

  return (
    <Table.ScrollContainer minWidth={showTechnician ? 1040 : 900}>
      <Table striped highlightOnHover verticalSpacing="xs" data-testid="clocking-records">
        <Table.Caption>{t('clocking.office.recordsCaption')}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('clocking.office.day')}</Table.Th>
            {showTechnician && <Table.Th>{t('clocking.office.technician')}</Table.Th>}
            <Table.Th>{t('clocking.office.kind')}</Table.Th>
            <Table.Th>{t('clocking.raw')}</Table.Th>
            <Table.Th>{t('clocking.corrected')}</Table.Th>
            <Table.Th>{t('clocking.calculated')}</Table.Th>
            <Table.Th ta="right">{t('clocking.duration')}</Table.Th>
            <Table.Th>{t('clocking.office.travelTo')}</Table.Th>
            <Table.Th>{t('clocking.office.anomalies')}</Table.Th>
            <Table.Th>
              <VisuallyHidden>{t('clocking.office.actions')}</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {records.map((r) => {
            const name = names.get(r.utenteId) ?? '';
            const what = whatOf(r);
            return (
              <Table.Tr key={r.id} data-testid="record-row" data-record-id={r.id}>
                <Table.Td className={classes.nowrap}>{formatDay(r.giorno)}</Table.Td>
                {showTechnician && <Table.Td className={classes.nowrap}>{name}</Table.Td>}
                <Table.Td>
                  <KindBadge kind={r.tipo} />
                </Table.Td>
                <Table.Td className={classes.nowrap}>{spanText(r.timbraturaStart, r.timbraturaEnd, timeZone)}</Table.Td>
                <Table.Td className={classes.nowrap} c="violet.9" fw={600}>
                  {r.versione > 0 ? spanText(r.timbraturaStartCorretta, r.timbraturaEndCorretta, timeZone) : ''}
                </Table.Td>
                <Table.Td className={classes.nowrap}>
                  {spanText(r.timbraturaStartCalcolata, r.timbraturaEndCalcolata, timeZone)}
                </Table.Td>
                <Table.Td ta="right" ff="monospace">
                  {minutesText(r.minutiCalcolati)}
                </Table.Td>
                <Table.Td>
                  {travelOf(r)}
                  {r.ritornoNonNecessario && (
                    <Text size="xs" c="dimmed">
                      {t('clocking.returnNotNeededShort')}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>
                  <AnomalyBadges anomalies={r.anomalie} />
                </Table.Td>
                <Table.Td>{actionsOf(r, what)}</Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
