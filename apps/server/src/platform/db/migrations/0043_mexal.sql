-- Issue 29: Passepartout Mexal (decision 0052). A company's connection to its Mexal WebAPI while signed in: the
-- address, the WebAPI user, the password sealed by the options' secret box (AES-256-GCM), the company code and the
-- year of the Coordinate-Gestionale header. stato RIFIUTATO keeps Mexal's refusal (when and its message): nothing is
-- sent to Mexal again until an admin signs in again (Mexal locks the user after a few failed attempts).
CREATE TABLE "mexal_connessioni" (
  "azienda_id" uuid PRIMARY KEY REFERENCES "aziende"("id") ON DELETE CASCADE,
  "indirizzo" text NOT NULL,
  "utente" text NOT NULL,
  "password" text NOT NULL,
  "codice_azienda" text NOT NULL,
  "anno" integer NOT NULL,
  "stato" text NOT NULL,
  "connesso_il" timestamp with time zone,
  "rifiutato_il" timestamp with time zone,
  "messaggio" text,
  "updated_at" timestamp with time zone NOT NULL DEFAULT now(),
  CONSTRAINT "mexal_connessioni_stato_check" CHECK ("stato" IN ('CONNESSO', 'RIFIUTATO'))
);
