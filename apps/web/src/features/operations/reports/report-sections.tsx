import type { ReactNode } from 'react';
import { Paper, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Report } from '@fs/contract';
import { MediaFiles } from '../../../app/components/MediaFiles';
import { Textarea } from '../../../app/components/TextFields';

/** One section of the report: a titled card, named for screen readers and the browser tests. */
export function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label={title}>
      <Title order={2} size="h4" mb="sm">
        {title}
      </Title>
      <Stack gap="sm">{children}</Stack>
    </Paper>
  );
}

/** The report's photos and documents, the same in the office and the field view. */
export function AttachmentsSection({ report, canDelete }: { report: Report; canDelete: boolean }) {
  const { t } = useTranslation();
  return (
    <Section title={t('reports.sections.allegati')}>
      <MediaFiles
        section="rapportino"
        ownerId={report.id}
        canWrite={!report.completato}
        canDelete={canDelete && !report.completato}
      />
    </Section>
  );
}

/** The closing notes and the closing custom fields (`after`), under the view's own title. */
export function NotesSection(p: {
  title: string;
  value: string;
  onChange: (note: string) => void;
  readOnly: boolean;
  minRows: number;
  after: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Section title={p.title}>
      <Textarea
        label={t('reports.fields.note')}
        value={p.value}
        onChange={(e) => p.onChange(e.currentTarget.value)}
        autosize
        minRows={p.minRows}
        maxLength={5000}
        disabled={p.readOnly}
      />
      {p.after}
    </Section>
  );
}
