-- Contract events (issue 28): a contract past its end without automatic renewal announces contract.ended once
-- per end date; fine_annunciata is the end date already announced (the renewal job's compare-and-set). Contracts
-- already past their end when this runs count as announced: no burst of events for past years.
ALTER TABLE "contratti" ADD COLUMN "fine_annunciata" date;--> statement-breakpoint
UPDATE "contratti" SET "fine_annunciata" = "data_fine" WHERE "data_fine" < current_date;--> statement-breakpoint
CREATE INDEX "contratti_fine_job_idx" ON "contratti" USING btree ("data_fine") WHERE NOT "contratti"."cessato" AND "contratti"."fine_annunciata" IS DISTINCT FROM "contratti"."data_fine";
