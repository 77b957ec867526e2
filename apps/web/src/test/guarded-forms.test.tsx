import type { ReactElement } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, Link, RouterProvider } from 'react-router';
import type { Company, CustomFieldConfig, Customer, JobRole } from '@fs/contract';
import i18n from '../app/i18n';
import { renderUi } from './render';
import { CheckFormModal, JobFormModal } from '../features/registries/job-roles/JobModals';
import { CampoModal } from '../features/operations/report-config/CampoModal';
import { GroupEditor } from '../features/identity/users/GroupEditor';
import { PositionModal } from '../features/registries/customers/PositionModal';
import { BillingForm } from '../features/billing/subscription/CompanyDataPage';
import { WebhookModal } from '../features/company/integrations/webhooks/WebhookModal';

const t = (key: string) => i18n.t(key);

const job = { id: 'j1', nome: 'Frigorista', descrizione: null, controlli: [], utenti: [] } as JobRole;
const customer = { id: 'c1', ragione_sociale: 'Rossi S.r.l.', latitude: null, longitude: null } as unknown as Customer;

/** Each form modal, with the label of a text field to type into. */
const modals: [string, (onClose: () => void) => ReactElement, string][] = [
  ['job role', (onClose) => <JobFormModal job={null} onClose={onClose} />, 'jobs.fields.nome'],
  ['check', (onClose) => <CheckFormModal job={job} check={null} onClose={onClose} />, 'jobs.fields.nome_campo'],
  [
    'custom field',
    (onClose) => <CampoModal campo={null as CustomFieldConfig | null} onClose={onClose} />,
    'reportConfig.fields.nome',
  ],
  ['permission group', (onClose) => <GroupEditor group={null} users={[]} onClose={onClose} />, 'users.groups.name'],
  ['position', (onClose) => <PositionModal customer={customer} onClose={onClose} />, 'customers.geo.latitude'],
  [
    'webhook',
    (onClose) => <WebhookModal onClose={onClose} onCreated={() => {}} onSaved={() => {}} />,
    'integrations.webhooks.description',
  ],
];

describe('form modals ask before discarding changes', () => {
  it.each(modals)('%s: untouched, Cancel closes at once', (_, render) => {
    const onClose = vi.fn();
    renderUi(render(onClose));
    fireEvent.click(screen.getByRole('button', { name: t('common.cancel') }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it.each(modals)('%s: with something typed, Cancel and Escape ask; keep, then discard', async (_, render, label) => {
    const onClose = vi.fn();
    renderUi(render(onClose));
    fireEvent.change(screen.getByRole('textbox', { name: new RegExp(t(label)) }), { target: { value: '45' } });
    fireEvent.click(screen.getByRole('button', { name: t('common.cancel') }));
    fireEvent.click(await screen.findByRole('button', { name: t('unsaved.keep') }));
    await waitFor(() => expect(screen.queryByRole('button', { name: t('unsaved.keep') })).toBeNull());
    expect(onClose).not.toHaveBeenCalled();
    fireEvent.keyDown(screen.getByRole('textbox', { name: new RegExp(t(label)) }), { key: 'Escape' });
    fireEvent.click(await screen.findByRole('button', { name: t('unsaved.discard') }));
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
  });
});

describe('the billing data page form', () => {
  const company = {
    id: 'a1',
    ragione_sociale: 'Rossi S.r.l.',
    partita_iva: '12345670017',
    codice_fiscale: null,
    mailPrincipale: 'info@rossi.it',
    pec: null,
    codice_destinatario: null,
    emails: [],
    telefono: null,
    indirizzo: null,
    citta: null,
    provincia: null,
    cap: null,
    nazione: 'IT',
    timezone: 'Europe/Rome',
    lingua_default: 'IT',
  } as unknown as Company;

  function renderPage() {
    const router = createMemoryRouter(
      [
        {
          path: '/',
          element: (
            <>
              <BillingForm company={company} readOnly={false} />
              <Link to="/altro">Altrove</Link>
            </>
          ),
        },
        { path: '/altro', element: <p>altra pagina</p> },
      ],
      { initialEntries: ['/'] },
    );
    renderUi(<RouterProvider router={router} />);
  }

  it('leaving with unsaved changes asks first', async () => {
    renderPage();
    fireEvent.change(screen.getByRole('textbox', { name: /Città/ }), { target: { value: 'Torino' } });
    fireEvent.click(screen.getByRole('link', { name: 'Altrove' }));
    fireEvent.click(await screen.findByRole('button', { name: t('unsaved.keep') }));
    expect(screen.queryByText('altra pagina')).toBeNull();
    fireEvent.click(screen.getByRole('link', { name: 'Altrove' }));
    fireEvent.click(await screen.findByRole('button', { name: t('unsaved.leave') }));
    expect(await screen.findByText('altra pagina')).toBeTruthy();
  });

  it('says which is wrong: an empty email is required, a VAT number its check digit; with limits', async () => {
    renderPage();
    const email = screen.getByRole('textbox', { name: /Email per le fatture/ });
    const vat = screen.getByRole('textbox', { name: /Partita IVA/ });
    expect(vat.getAttribute('maxlength')).toBe('11');
    expect(screen.getByRole('textbox', { name: /Ragione sociale/ }).getAttribute('maxlength')).toBe('200');
    fireEvent.change(email, { target: { value: '' } });
    fireEvent.change(vat, { target: { value: '12345670018' } });
    fireEvent.click(screen.getByRole('button', { name: t('subscription.companyData.save') }));
    expect(await screen.findByText(t('common.required'))).toBeTruthy();
    expect(screen.getByText(t('common.partitaIva.check'))).toBeTruthy();
  });
});
