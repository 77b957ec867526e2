import { ALERT_CODES, type AlertCode, type ErrorBody } from '@fs/contract';

/** Default messages (Italian, the product's main language); the web translates by code. */
const MESSAGES: Partial<Record<AlertCode, string>> = {
  '0014': 'Sessione scaduta',
  '0015': 'Token non valido',
  '0016': 'Sessione API non trovata',
  '0017': 'Accesso effettuato da un altro dispositivo',
  '0018': 'Controllare il nome utente',
  '0019': 'Controllare la password',
  '0020': 'Impossibile generare il refresh token',
  '0021': 'Token generato per un altro dispositivo',
  '0030': "Contattare il responsabile per verificare la configurazione dell'account",
  VALIDATION: 'Dati non validi',
  BAD_START_HEADER: 'Intestazione di avvio non valida o scaduta',
  UNAUTHENTICATED: 'Accesso richiesto',
  RESET_TOKEN_INVALID: 'Problemi durante la reset, riprovare',
  FORBIDDEN: 'Operazione non consentita',
  NOT_FOUND: 'Risorsa non trovata',
  EMAIL_NOT_FOUND: 'Indirizzo email non registrato',
  PAYLOAD_TOO_LARGE: 'File o richiesta troppo grande',
  UNSUPPORTED_MEDIA_TYPE: 'Tipo di file non consentito',
  RATE_LIMITED: 'Troppi tentativi, riprovare più tardi',
  INTERNAL: 'Errore interno, riprovare',
  CLOCKING_OPEN_INTERVAL: "C'è già un intervallo aperto: chiudilo prima di iniziarne un altro",
  CLOCKING_NO_OPEN_INTERVAL: 'Nessun intervallo aperto da chiudere',
  CLOCKING_OVERLAP: "L'intervallo non può iniziare prima della fine di quello precedente",
  CLOCKING_TRAVEL_SEQUENCE: "Sequenza dei viaggi non valida: un'andata, poi il suo ritorno",
  CLOCKING_NOT_FREE: "L'intervallo non è libero: non può essere eliminato",
  CLOCKING_MONTH_APPROVED: 'Il mese è approvato: sbloccalo prima di modificare le timbrature',
  CLOCKING_TECHNICIAN_REQUIRED: 'Seleziona prima il tecnico',
  CLOCKING_NO_DATA: 'Problemi nel salvataggio',
  CLOCKING_DISABLED: 'Le timbrature non sono attive per questa azienda',
};

export interface FieldProblem {
  path: string;
  message: string;
}

/** The one error type of the server: an alert code, its fixed status, a message. */
export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: AlertCode,
    message?: string,
    readonly fields?: FieldProblem[],
    /** Extra headers for the answer (Retry-After, ...). */
    readonly headers?: Record<string, string>,
  ) {
    super(message ?? MESSAGES[code] ?? code);
    this.status = ALERT_CODES[code].status;
  }

  toBody(): ErrorBody {
    return {
      success: false,
      code: this.code,
      message: this.message,
      ...(this.fields ? { fields: this.fields } : {}),
    };
  }
}

export const notFound = (what?: string) => new AppError('NOT_FOUND', what ? `${what} non trovato` : undefined);
export const forbidden = (message?: string) => new AppError('FORBIDDEN', message);
