-- Issue 10: the public endpoints that send mail or tell whether an address, a VAT number or a user
-- exists (registration check and sign-up, password reset) are throttled per client and per address.
-- One row per key and fixed window, shared by every API process on the database.
CREATE TABLE "rate_limits" (
  "key" text PRIMARY KEY,
  "window_started_at" timestamp with time zone NOT NULL,
  "hits" integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX "rate_limits_window_idx" ON "rate_limits" ("window_started_at");
