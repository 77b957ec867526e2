import { useEffect, useMemo, useRef, useState } from 'react';
import { Alert, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconDeviceFloppy, IconLock } from '@tabler/icons-react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  OPTION_SECTIONS,
  reasonSuggestionsOn,
  type OptionDef,
  type OptionItem,
  type OptionSection,
  type PaidOption,
} from '@fs/contract';
import { errorText, isApiError } from '../../../app/api/errors';
import { LoadError } from '../../../app/components/LoadError';
import { PageLoader } from '../../../app/components/PageLoader';
import { StickyActions } from '../../../app/components/StickyActions';
import { notify } from '../../../app/notify';
import { usePageTitle } from '../../../app/use-page-title';
import { useCan, useSessionUser } from '../../../app/session/api';
import { useCompleteCardChallenge, useConfirmOptions, useOptions, useReasonsEnabled } from './api';
import { MotivazioniEditor } from './MotivazioniEditor';
import { OptionField } from './OptionField';
import { categoriesOf, changes, keyOf, problemsOf, valuesOf, type Values, childApplies } from './options-form';
import { PaidBanner } from './PaidBanner';
import { PaidOptionModal } from './PaidOptionModal';
import { SmtpTest } from './SmtpTest';
import { useUnsavedChangesGuard } from '../../../app/guarded-close';

export function OptionsPage() {
  const { t } = useTranslation();
  usePageTitle(t('options.title'));
  const options = useOptions();
  return (
    <Stack gap="lg">
      <div>
        <Title order={1}>{t('options.title')}</Title>
        <Text c="dimmed">{t('options.subtitle')}</Text>
      </div>
      {options.isError && <LoadError error={options.error} onRetry={() => void options.refetch()} />}
      {options.isPending && <PageLoader />}
      {options.data && <OptionsForm items={options.data} />}
    </Stack>
  );
}

function OptionsForm({ items }: { items: OptionItem[] }) {
  const { t } = useTranslation();
  const { data: user } = useSessionUser();
  const isAdmin = user?.role === 'admin';
  const readOnly = useCan('opzioni', 'write') !== true;
  const initial = useMemo(() => valuesOf(items), [items]);
  const [values, setValues] = useState<Values>(initial);
  const [removed, setRemoved] = useState<Set<string>>(new Set());
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [submitted, setSubmitted] = useState(false);
  const [buying, setBuying] = useState<PaidOption | null>(null);
  const confirm = useConfirmOptions();
  const reasons = useReasonsEnabled();
  useChallengeReturn();

  useEffect(() => {
    setValues(initial);
    setRemoved(new Set());
  }, [initial]);

  const pending = changes(initial, values, removed);
  const dirty = pending.length > 0;
  useUnsavedChangesGuard(dirty);
  const problems = problemsOf(t, values);
  const set = (key: string, v: string) => {
    setValues((old) => ({ ...old, [key]: v }));
    setServerErrors(({ [key]: _gone, ...rest }) => rest);
  };

  const save = () => {
    setSubmitted(true);
    if (Object.keys(problems).length) return notify.warning(t('options.fixErrors'));
    confirm.mutate(
      { items: pending },
      {
        onSuccess: () => {
          setSubmitted(false);
          setServerErrors({});
          notify.success(t('options.saved'));
        },
        onError: (e) => {
          if (isApiError(e)) {
            const byKey: Record<string, string> = {};
            for (const f of e.fields) {
              const m = /^items\.(\d+)/.exec(f.path);
              const it = m ? pending[Number(m[1])] : undefined;
              if (it) byKey[keyOf(it.category, it.subcategory)] = f.message;
              else if (f.path.startsWith('smtp.'))
                byKey[keyOf('smtp', f.path.slice(5))] = t('options.invalid.requiredWithSmtp');
            }
            setServerErrors(byKey);
          }
          notify.error(errorText(t, e));
        },
      },
    );
  };

  const section = (s: OptionSection) => {
    const cats = categoriesOf(s, items);
    if (!cats.length) return null;
    return (
      <Card key={s} withBorder radius="md" padding="lg" component="section" aria-labelledby={`opt-${s}`}>
        <Title order={2} size="h4" id={`opt-${s}`}>
          {t(`options.sections.${s}.title`)}
        </Title>
        <Text size="sm" c="dimmed" mb="md">
          {t(`options.sections.${s}.text`)}
        </Text>
        <Stack gap="md">
          {cats.map((c) => {
            const item = items.find((i) => i.category === c.category)!;
            const locked = readOnly || (c.paid !== undefined && (!item.abilitazione || !isAdmin));
            const field = (o: OptionDef) => {
              const key = keyOf(c.category, o.subcategory);
              const secret = item.child_options.find((x) => x.subcategory === o.subcategory)?.is_set;
              return (
                <OptionField
                  key={key}
                  category={c.category}
                  def={o}
                  value={values[key] ?? ''}
                  onChange={(v) => set(key, v)}
                  error={(submitted ? problems[key] : undefined) ?? serverErrors[key]}
                  disabled={locked}
                  secretSet={secret && !removed.has(key)}
                  onRemoveSecret={() => setRemoved((r) => new Set(r).add(key))}
                />
              );
            };
            return (
              <Stack key={c.category} gap="sm">
                {c.paid && (
                  <PaidBanner
                    option={c.paid}
                    active={item.abilitazione}
                    isAdmin={isAdmin}
                    onActivate={() => setBuying(c.paid!)}
                  />
                )}
                {field(c.main)}
                {!!c.children?.length && (
                  <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md" verticalSpacing="sm">
                    {c.children.filter((o) => childApplies(c, o, values)).map((o) => field(o))}
                  </SimpleGrid>
                )}
              </Stack>
            );
          })}
          {s === 'smtp' && !readOnly && <SmtpTest dirty={dirty} />}
          {s === 'rapportini' && reasons && reasonSuggestionsOn(items) && <MotivazioniEditor />}
        </Stack>
      </Card>
    );
  };

  return (
    <>
      {readOnly && (
        <Alert color="yellow" icon={<IconLock />} role="status">
          {t('options.readOnly')}
        </Alert>
      )}
      {OPTION_SECTIONS.map(section)}
      {!readOnly && (
        <StickyActions bottom={12}>
          <Group justify="space-between">
            <Text size="sm" c="dimmed">
              {dirty ? t('options.unsaved', { count: pending.length }) : t('options.noChanges')}
            </Text>
            <Group gap="xs">
              <Button
                variant="default"
                disabled={!dirty}
                onClick={() => {
                  setValues(initial);
                  setRemoved(new Set());
                  setSubmitted(false);
                }}
              >
                {t('options.discard')}
              </Button>
              <Button
                leftSection={<IconDeviceFloppy size={18} />}
                onClick={save}
                disabled={!dirty}
                loading={confirm.isPending}
              >
                {t('common.save')}
              </Button>
            </Group>
          </Group>
        </StickyActions>
      )}
      <PaidOptionModal option={buying} onClose={() => setBuying(null)} />
    </>
  );
}

/** Back from the 3-D Secure page (?challenge=...): completes the paid option's card purchase once. */
function useChallengeReturn() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const complete = useCompleteCardChallenge();
  const handled = useRef(false);
  const challenge = params.get('challenge');
  useEffect(() => {
    if (!challenge || handled.current) return;
    handled.current = true;
    setParams(
      (p) => {
        p.delete('challenge');
        return p;
      },
      { replace: true },
    );
    complete.mutate(challenge, {
      onSuccess: () => notify.success(t('options.paid.activated')),
      onError: (e) => notify.error(errorText(t, e)),
    });
  }, [challenge, complete, setParams, t]);
}
