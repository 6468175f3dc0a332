-- The secrets the server generates when none is set (the session secret, the credential signing key):
-- on PostgreSQL every copy of the server reads the same ones from here (decision 027).
CREATE TABLE "server_secrets" (
	"name" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
