CREATE TABLE "sso_attempts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"handle_hash" text NOT NULL,
	"target" text NOT NULL,
	"device_id" text NOT NULL,
	"code_verifier" text NOT NULL,
	"nonce" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sso_attempts_handle_hash_unique" UNIQUE("handle_hash"),
	CONSTRAINT "sso_attempts_target_check" CHECK ("target" IN ('web', 'app'))
);
--> statement-breakpoint
CREATE INDEX "sso_attempts_expires_idx" ON "sso_attempts" USING btree ("expires_at");
