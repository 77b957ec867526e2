-- Issue 12: documents the product generates (the report PDF) are stored as media, counted in the storage
-- quota like uploads. source_hash fingerprints what a generated file was made from: the file is made
-- again when that changes, and served as stored otherwise. NULL for uploaded files.
ALTER TABLE "media" ADD COLUMN "source_hash" text;
