-- VAT rates (issue 29, decision 0050): an article's own rate (null: the company's default for goods, option
-- aliquote_iva/beni) and, with a 0% rate only, the FatturaPA 1.2.2 nature that says why no VAT is charged.
ALTER TABLE "articoli" ADD COLUMN "aliquota_iva" numeric(5, 2);--> statement-breakpoint
ALTER TABLE "articoli" ADD COLUMN "natura_iva" text;--> statement-breakpoint
ALTER TABLE "articoli" ADD CONSTRAINT "articoli_iva_ck" CHECK (
  ("aliquota_iva" IS NULL OR ("aliquota_iva" >= 0 AND "aliquota_iva" < 100))
  AND ("natura_iva" IS NULL OR "natura_iva" IN ('N1', 'N2.1', 'N2.2', 'N3.1', 'N3.2', 'N3.3', 'N3.4', 'N3.5', 'N3.6',
    'N4', 'N5', 'N6.1', 'N6.2', 'N6.3', 'N6.4', 'N6.5', 'N6.6', 'N6.7', 'N6.8', 'N6.9', 'N7'))
  AND (("aliquota_iva" = 0) = ("natura_iva" IS NOT NULL) OR ("aliquota_iva" IS NULL AND "natura_iva" IS NULL))
);
--> statement-breakpoint
-- The progressive of the FatturaPA files the company made (the 5 characters of the name the SDI expects).
ALTER TABLE "aziende" ADD COLUMN "fatturapa_progressivo" integer DEFAULT 0 NOT NULL;
