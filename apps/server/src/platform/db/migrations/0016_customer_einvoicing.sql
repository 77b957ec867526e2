-- Issue 10: customers carry the e-invoicing addresses the company form already has: the certified
-- mail (PEC) and the SDI recipient code (codice destinatario).
ALTER TABLE "clienti" ADD COLUMN "pec" text;
--> statement-breakpoint
ALTER TABLE "clienti" ADD COLUMN "codice_destinatario" text;
