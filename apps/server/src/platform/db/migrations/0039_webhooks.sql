-- Issue 28 part 2: webhooks (decision 0049). A company's endpoints (at most 20) with their signing secret sealed by
-- the options' secret box (AES-256-GCM; the previous one kept for 24 hours after a rotation), the messages made for
-- them (one per endpoint and event: the exact body signed, its state and next attempt) and every attempt. An
-- endpoint's `in_consegna_fino` is its delivery lease: one worker delivers to it at a time, in creation order.
CREATE TABLE "webhooks" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  "azienda_id" uuid NOT NULL REFERENCES "aziende"("id") ON DELETE CASCADE,
  "url" text NOT NULL,
  "descrizione" text NOT NULL DEFAULT '',
  "eventi" text[] NOT NULL,
  "segreto" text NOT NULL,
  "indizio" text NOT NULL,
  "segreto_precedente" text,
  "segreto_precedente_fino" timestamp with time zone,
  "attivo" boolean NOT NULL DEFAULT true,
  "motivo_disabilitazione" text,
  "disabilitato_il" timestamp with time zone,
  "fallisce_dal" timestamp with time zone,
  "in_consegna_fino" timestamp with time zone,
  "creato_da" uuid,
  "created_at" timestamp with time zone NOT NULL DEFAULT now(),
  CONSTRAINT "webhooks_motivo_check" CHECK ("motivo_disabilitazione" IN ('MANUALE', 'GONE_410', 'FALLIMENTI'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "webhooks_azienda_id_uq" ON "webhooks" ("azienda_id", "id");
--> statement-breakpoint
ALTER TABLE "webhooks" ADD CONSTRAINT "webhooks_creato_da_fk" FOREIGN KEY ("azienda_id", "creato_da")
  REFERENCES "utenti"("azienda_id", "id") ON DELETE SET NULL ("creato_da");
--> statement-breakpoint
CREATE TABLE "webhook_messages" (
  "id" text PRIMARY KEY,
  "seq" bigint GENERATED ALWAYS AS IDENTITY,
  "azienda_id" uuid NOT NULL,
  "webhook_id" uuid NOT NULL,
  "evento_id" uuid,
  "tipo" text NOT NULL,
  "body" text NOT NULL,
  "stato" text NOT NULL DEFAULT 'IN_ATTESA',
  "tentativi" integer NOT NULL DEFAULT 0,
  "tentativi_serie" integer NOT NULL DEFAULT 0,
  "prossimo_tentativo" timestamp with time zone,
  "ultimo_status" integer,
  "created_at" timestamp with time zone NOT NULL DEFAULT now(),
  CONSTRAINT "webhook_messages_stato_check" CHECK ("stato" IN ('IN_ATTESA', 'CONSEGNATO', 'FALLITO')),
  CONSTRAINT "webhook_messages_webhook_fk" FOREIGN KEY ("azienda_id", "webhook_id")
    REFERENCES "webhooks"("azienda_id", "id") ON DELETE CASCADE
);
--> statement-breakpoint
CREATE UNIQUE INDEX "webhook_messages_azienda_id_uq" ON "webhook_messages" ("azienda_id", "id");
--> statement-breakpoint
CREATE UNIQUE INDEX "webhook_messages_evento_uq" ON "webhook_messages" ("webhook_id", "evento_id");
--> statement-breakpoint
CREATE INDEX "webhook_messages_log_idx" ON "webhook_messages" ("webhook_id", "seq");
--> statement-breakpoint
CREATE INDEX "webhook_messages_stato_idx" ON "webhook_messages" ("webhook_id", "stato", "seq");
--> statement-breakpoint
CREATE INDEX "webhook_messages_due_idx" ON "webhook_messages" ("prossimo_tentativo", "webhook_id") WHERE "stato" = 'IN_ATTESA';
--> statement-breakpoint
CREATE TABLE "webhook_attempts" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  "azienda_id" uuid NOT NULL,
  "messaggio_id" text NOT NULL,
  "at" timestamp with time zone NOT NULL,
  "status" integer,
  "latenza_ms" integer,
  "risposta" text NOT NULL,
  "esito" text NOT NULL,
  CONSTRAINT "webhook_attempts_esito_check" CHECK ("esito" IN ('OK', 'ERRORE')),
  CONSTRAINT "webhook_attempts_messaggio_fk" FOREIGN KEY ("azienda_id", "messaggio_id")
    REFERENCES "webhook_messages"("azienda_id", "id") ON DELETE CASCADE
);
--> statement-breakpoint
CREATE INDEX "webhook_attempts_messaggio_idx" ON "webhook_attempts" ("messaggio_id", "at");
