-- Hand-written (issue 15, decision 0017): answer_save (migration 0010) also takes, in its one
-- statement, the two rare cases every applicant meets: a device's first batch (number 1 from a
-- device the server does not know) and the first save of an application (no row yet). Both went
-- to the caller's transaction after a raise, which cost ten concurrent first saves 50–60 ms each
-- against 10–14 ms for the next ones (the p99 at 200 saves/s). The rules are unchanged: a new
-- device starts at 1 (any other first number still takes the slow path, which refuses it with
-- expected_seq), and the application row is created once (a concurrent first save waits for the
-- other's insert, then locks its row), as services/answer-save.ts's slow path does.
CREATE OR REPLACE FUNCTION answer_save(
  p_user uuid, p_key text, p_request_hash text, p_client_id text, p_seq bigint, p_fields jsonb,
  p_clock_offset_ms bigint, p_message text
) RETURNS jsonb LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  v_now timestamptz := clock_timestamp() + p_clock_offset_ms * interval '1 millisecond';
  v_revision bigint;
  v_submitted boolean;
BEGIN
  INSERT INTO idempotency_keys (user_id, key, request_hash, status_code, response)
  VALUES (p_user, p_key, p_request_hash, 0, '{}'::jsonb)
  ON CONFLICT DO NOTHING;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'answer_save: a repeated key' USING ERRCODE = 'AS001';
  END IF;
  IF p_client_id IS NOT NULL THEN
    UPDATE client_sequences SET last_seq = p_seq, updated_at = v_now
      WHERE user_id = p_user AND client_id = p_client_id AND last_seq = p_seq - 1;
    IF NOT FOUND AND p_seq = 1 THEN
      INSERT INTO client_sequences (user_id, client_id, last_seq, updated_at)
      VALUES (p_user, p_client_id, 1, v_now)
      ON CONFLICT (user_id, client_id) DO NOTHING;
    END IF;
    IF NOT FOUND THEN
      RAISE EXCEPTION 'answer_save: a number out of order' USING ERRCODE = 'AS001';
    END IF;
  END IF;
  SELECT answer_revision, submitted_at IS NOT NULL INTO v_revision, v_submitted
    FROM applications WHERE user_id = p_user FOR UPDATE;
  IF NOT FOUND THEN
    INSERT INTO applications (user_id, created_at, updated_at) VALUES (p_user, v_now, v_now)
    ON CONFLICT (user_id) DO NOTHING;
    SELECT answer_revision, submitted_at IS NOT NULL INTO v_revision, v_submitted
      FROM applications WHERE user_id = p_user FOR UPDATE;
  END IF;
  IF NOT FOUND OR v_submitted THEN
    RAISE EXCEPTION 'answer_save: a submitted application' USING ERRCODE = 'AS001';
  END IF;
  RETURN answer_save_write(p_user, p_key, p_fields, v_revision + 1, p_clock_offset_ms, p_message);
END
$$;
