-- Every change that can end a session or change who it speaks for is announced on the
-- 'session_changes' channel when its transaction commits, however it is made (Better Auth signing
-- out or renewing, an admin blocking an account or changing a role, an account deleted, a script):
-- each copy of the server forgets what it remembered of those sessions (modules/auth/session-cache.ts).
-- The payload is 's:<token>' for a session, 'u:<user id>' for everything a user's sessions carry.
CREATE OR REPLACE FUNCTION "notify_session_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('session_changes', TG_ARGV[0] || ':' || (to_jsonb(OLD) ->> TG_ARGV[1]));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "sessions_notify_change" AFTER UPDATE OR DELETE ON "sessions"
  FOR EACH ROW EXECUTE FUNCTION "notify_session_change"('s', 'token');
--> statement-breakpoint
CREATE TRIGGER "profiles_notify_change" AFTER UPDATE OF "user_id", "role", "blocked_at" OR DELETE ON "profiles"
  FOR EACH ROW EXECUTE FUNCTION "notify_session_change"('u', 'user_id');
--> statement-breakpoint
CREATE TRIGGER "users_notify_change" AFTER UPDATE OF "id", "email" OR DELETE ON "users"
  FOR EACH ROW EXECUTE FUNCTION "notify_session_change"('u', 'id');
