import { useState } from 'react';
import { Anchor, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconMapPin, IconPencil } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Facts } from '../../../app/components/Facts';
import { NoteText } from '../../../app/components/NoteText';
import { DetailLoadError, NotFoundView, useDetailId, useDetailTitle } from '../../../app/components/NotFoundView';
import { PageLoader } from '../../../app/components/PageLoader';
import { formatDecimal } from '../../../app/numbers';
import { useCan } from '../../../app/session/api';
import { useCustomer } from './api';
import { ContactsSection } from './ContactsSection';
import { CustomerFormModal } from './CustomerFormModal';
import { PlantsSection } from './PlantsSection';
import { PositionModal } from './PositionModal';
import { mailLink, mapLink, phoneLink, postalAddress } from '../../../app/components/contact-links';

/** /customers/:id: a customer's data, contacts, plants and their machines. */
export function CustomerPage() {
  const { t, i18n } = useTranslation();
  const id = useDetailId();
  const customer = useCustomer(id ?? '');
  const canWrite = useCan('anagrafica_clienti', 'write') === true;
  const canPlants = useCan('clienti_impianti', 'read') === true;
  const [editing, setEditing] = useState(false);
  const [placing, setPlacing] = useState(false);
  useDetailTitle(id, customer.error, customer.data?.ragione_sociale ?? t('customers.title'));

  if (!id) return <NotFoundView />;
  if (customer.error) return <DetailLoadError error={customer.error} onRetry={() => void customer.refetch()} />;
  if (!customer.data) return <PageLoader />;
  const c = customer.data;
  const placed = c.latitude !== null && c.longitude !== null;
  // Only a country is no address: nothing to show or to open in a map.
  const address = postalAddress(c);
  return (
    <Stack gap="lg">
      <Anchor component={Link} to="/customers" size="sm">
        <Group gap={4}>
          <IconArrowLeft size={14} />
          {t('customers.back')}
        </Group>
      </Anchor>
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <div>
          <Title order={1}>{c.ragione_sociale}</Title>
          {c.codice && (
            <Text c="dimmed">
              {t('customers.fields.codice')}: {c.codice}
            </Text>
          )}
        </div>
        {canWrite && (
          <Group gap="sm">
            <Button variant="default" leftSection={<IconMapPin size={16} />} onClick={() => setPlacing(true)}>
              {t(placed ? 'customers.geo.change' : 'customers.geo.set')}
            </Button>
            <Button leftSection={<IconPencil size={16} />} onClick={() => setEditing(true)}>
              {t('customers.edit')}
            </Button>
          </Group>
        )}
      </Group>
      <Card withBorder radius="md" padding="lg">
        <Facts
          items={[
            { label: t('customers.fields.partita_iva'), value: c.partita_iva },
            { label: t('customers.fields.codice_fiscale'), value: c.codice_fiscale },
            { label: t('customers.fields.telefono'), value: phoneLink(c.telefono) },
            { label: t('customers.fields.cellulare'), value: phoneLink(c.cellulare) },
            { label: t('customers.fields.email'), value: mailLink(c.email) },
            { label: t('customers.fields.pec'), value: mailLink(c.pec) },
            { label: t('customers.fields.codice_destinatario'), value: c.codice_destinatario },
            { label: t('customers.address'), value: mapLink(address) },
            {
              label: t('customers.position'),
              value: placed ? `${c.latitude!.toFixed(5)}, ${c.longitude!.toFixed(5)}` : t('customers.notPlaced'),
            },
            { label: t('customers.fields.km_viaggio'), value: formatDecimal(c.km_viaggio, i18n.language) },
            { label: t('customers.fields.ore_viaggio'), value: formatDecimal(c.ore_viaggio, i18n.language) },
            { label: t('customers.fields.note'), value: c.note && <NoteText>{c.note}</NoteText> },
          ]}
        />
      </Card>
      <ContactsSection customer={c} />
      {canPlants && <PlantsSection clienteId={c.id} />}
      {editing && <CustomerFormModal customer={c} onClose={() => setEditing(false)} />}
      {placing && <PositionModal customer={c} onClose={() => setPlacing(false)} />}
    </Stack>
  );
}
