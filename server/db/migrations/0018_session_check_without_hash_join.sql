-- Hand-written (issue 33 point 3, decision 0017): session_check (migration 0012) with the same
-- signature, rules and result, its username read by the session's user id instead of a join. Every
-- `/api/*` call runs it (the profile and the save in their own statements). With few rows in
-- sessions and users the planner joined them by hashing the users table on each call (a seq scan of
-- both and a hash table built per call); the lookup by primary key reads one row. Measured with
-- pgbench on a throw-away cluster: 49 → 41 µs of PostgreSQL CPU per session_check, 156 → 139 µs per
-- profile_read.
CREATE OR REPLACE FUNCTION session_check(p_id_hash text, p_now timestamptz, p_idle_ms bigint, p_touch_ms bigint)
RETURNS TABLE (session_user_id uuid, session_username text) LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  v_last_seen timestamptz;
BEGIN
  SELECT s.user_id, (SELECT u.username FROM users u WHERE u.id = s.user_id), s.last_seen_at
    INTO session_user_id, session_username, v_last_seen
    FROM sessions s
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
