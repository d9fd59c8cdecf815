-- Hand-written (issue 15, decision 0017): the session check as a function, and PUT /api/answer's
-- save calling it in its one statement. A save was two round trips, the session's and the save's;
-- on this 2-core machine a save's time is mostly the server process's own work per statement
-- (node-postgres, the socket writes), and without the first round trip a process served 51–61 %
-- more saves on PostgreSQL and twice as many on PGlite (measured with the session skipped).
--
-- session_check: the API's session rules (services/sessions.ts), written here once for every
-- caller. A session is active when its token's hash is known, it is not past its absolute expiry
-- and it has not been idle for p_idle_ms or more; an idle one is ended (deleted). Activity is
-- recorded at most every p_touch_ms (writing it on every request would make each read a write).
-- Returns the user's id and name, or no row. p_now is the app's clock (tests move it).
CREATE FUNCTION session_check(p_id_hash text, p_now timestamptz, p_idle_ms bigint, p_touch_ms bigint)
RETURNS TABLE (session_user_id uuid, session_username text) LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  v_last_seen timestamptz;
BEGIN
  SELECT s.user_id, u.username, s.last_seen_at INTO session_user_id, session_username, v_last_seen
    FROM sessions s JOIN users u ON u.id = s.user_id
    WHERE s.id_hash = p_id_hash AND s.expires_at > p_now;
  IF NOT FOUND THEN
    RETURN;
  END IF;
  IF p_now - v_last_seen >= p_idle_ms * interval '1 millisecond' THEN
    DELETE FROM sessions WHERE id_hash = p_id_hash;
    RETURN;
  END IF;
  IF p_now - v_last_seen >= p_touch_ms * interval '1 millisecond' THEN
    UPDATE sessions SET last_seen_at = p_now WHERE id_hash = p_id_hash;
  END IF;
  RETURN NEXT;
END
$$;
--> statement-breakpoint
-- answer_save_signed_in: session_check, then answer_save for its user; NULL when the session is not
-- active (nothing saved; an idle session's end is kept). Anything answer_save leaves to the slow
-- path (SQLSTATE AS001) rolls back the session's activity too: the caller checks the session again
-- before its transaction.
CREATE FUNCTION answer_save_signed_in(
  p_id_hash text, p_now timestamptz, p_idle_ms bigint, p_touch_ms bigint,
  p_key text, p_request_hash text, p_client_id text, p_seq bigint, p_fields jsonb,
  p_clock_offset_ms bigint, p_message text
) RETURNS jsonb LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  v_user uuid;
BEGIN
  SELECT session_user_id INTO v_user FROM session_check(p_id_hash, p_now, p_idle_ms, p_touch_ms);
  IF v_user IS NULL THEN
    RETURN NULL;
  END IF;
  RETURN answer_save(v_user, p_key, p_request_hash, p_client_id, p_seq, p_fields, p_clock_offset_ms, p_message);
END
$$;
