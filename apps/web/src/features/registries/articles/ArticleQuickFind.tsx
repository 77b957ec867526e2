import { useState } from 'react';
import { Combobox, Group, Loader, Text, useCombobox } from '@mantine/core';
import { TextInput } from '../../../app/components/TextFields';
import { IconBolt } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Articolo } from '@fs/contract';
import { useDebounced } from '../../../app/components/list-state';
import { useArticleResearch } from './api';

/**
 * Search as you type (POST /anagraficaarticoli/articoli/research): code,
 * external reference or description; arrows and Enter pick an article.
 */
export function ArticleQuickFind({ onPick }: { onPick: (a: Articolo) => void }) {
  const { t } = useTranslation();
  const [value, setValue] = useState('');
  const term = useDebounced(value, 200);
  const results = useArticleResearch(term);
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });
  const items = term.trim() ? (results.data ?? []) : [];

  return (
    <Combobox
      store={combobox}
      onOptionSubmit={(id) => {
        const a = items.find((x) => x.id === id);
        combobox.closeDropdown();
        if (a) {
          setValue('');
          onPick(a);
        }
      }}
    >
      <Combobox.Target>
        <TextInput
          label={t('articles.quickFind.label')}
          placeholder={t('articles.quickFind.placeholder')}
          leftSection={<IconBolt size={16} />}
          rightSection={results.isFetching ? <Loader size={14} /> : null}
          value={value}
          w={320}
          maxLength={100}
          onChange={(e) => {
            setValue(e.currentTarget.value);
            combobox.openDropdown();
            combobox.updateSelectedOptionIndex();
          }}
          onClick={() => combobox.openDropdown()}
          onFocus={() => combobox.openDropdown()}
          onBlur={() => combobox.closeDropdown()}
        />
      </Combobox.Target>
      <Combobox.Dropdown hidden={!value.trim()}>
        <Combobox.Options aria-label={t('articles.quickFind.results')}>
          {items.length === 0 ? (
            <Combobox.Empty>
              {results.isFetching || term !== value ? t('common.loading') : t('articles.quickFind.none')}
            </Combobox.Empty>
          ) : (
            items.map((a) => (
              <Combobox.Option value={a.id} key={a.id}>
                <Group gap="xs" wrap="nowrap">
                  <Text size="sm" fw={600}>
                    {a.codice}
                  </Text>
                  <Text size="sm" truncate>
                    {a.descrizione}
                  </Text>
                  {a.riferimento_esterno && (
                    <Text size="xs" c="dimmed">
                      {a.riferimento_esterno}
                    </Text>
                  )}
                </Group>
              </Combobox.Option>
            ))
          )}
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  );
}
