-- Hand-written (issue 15, decision 0017): PUT /api/answer's save as functions, so that a save of
-- a known device to an existing application is one statement, one round trip. Each statement in
-- a PL/pgSQL function takes its own snapshot (READ COMMITTED), so the writes after the application
-- lock see every save committed before the lock was granted, as separate statements did; a call
-- is one statement, so an error anywhere in it rolls all of it back.
--
-- answer_save_write: the write once the application row is locked (by the caller's earlier
-- statements or by answer_save below). The server's time of the save is the database's clock,
-- read here, under the lock: one clock for every API process, and later than every save of this
-- user applied before. p_clock_offset_ms shifts it by as much as the app's clock is moved from the
-- system clock (0 but in tests, which move time without waiting). p_fields: [{ k, v, e }], e the
-- edit time in ms or null (the server's time of the save). Every field is written unless its
-- stored edit is newer (compared in milliseconds, as the client's edit times are; a tie goes to
-- this later arrival); the fields not written are the superseded ones, read with the value stored.
-- The outcome is recorded under the idempotency key (claimed by the caller) and returned.
CREATE FUNCTION answer_save_write(
  p_user uuid, p_key text, p_fields jsonb, p_revision bigint, p_clock_offset_ms bigint, p_message text
) RETURNS jsonb LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  v_now timestamptz := date_trunc('milliseconds', clock_timestamp()) + p_clock_offset_ms * interval '1 millisecond';
  v_body jsonb;
BEGIN
  WITH sent AS (
    SELECT r.k, r.v, coalesce(timestamptz 'epoch' + r.e * interval '1 millisecond', v_now) AS edited_at
    FROM jsonb_to_recordset(p_fields) AS r(k text, v text, e bigint)
  ), written AS (
    INSERT INTO answers (user_id, key, value, updated_at, edited_at, revision)
    SELECT p_user, sent.k, sent.v, v_now, sent.edited_at, p_revision FROM sent
    ON CONFLICT (user_id, key) DO UPDATE
      SET value = excluded.value, updated_at = excluded.updated_at,
        edited_at = excluded.edited_at, revision = excluded.revision
      WHERE date_trunc('milliseconds', answers.edited_at) <= excluded.edited_at
    RETURNING key
  ), revised AS (
    UPDATE applications SET answer_revision = p_revision, updated_at = v_now
    WHERE EXISTS (SELECT FROM written) AND user_id = p_user
    RETURNING 1
  ), outcome AS (
    SELECT jsonb_build_object(
      'message', p_message,
      'saved', (SELECT count(*) FROM written),
      'saved_at', to_char(v_now AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
      'server_time', (extract(epoch FROM v_now) * 1000)::bigint,
      'superseded', coalesce(
        (SELECT jsonb_object_agg(answers.key, answers.value) FROM answers JOIN sent ON sent.k = answers.key
         WHERE answers.user_id = p_user AND sent.k NOT IN (SELECT key FROM written)),
        '{}'::jsonb)
    ) AS body
  ), recorded AS (
    UPDATE idempotency_keys SET status_code = 200, response = (SELECT body FROM outcome)
    WHERE user_id = p_user AND key = p_key
    RETURNING 1
  )
  SELECT body INTO v_body FROM outcome;
  RETURN v_body;
END
$$;
--> statement-breakpoint
-- answer_save: the whole save when it is the common case: the idempotency key is new, the device
-- is known and sends last_seq + 1 (or sends no sequence headers), the application exists and is
-- not submitted. Locks are taken in the order every writer takes them: the key, the device's
-- sequence, the application. Any other case raises SQLSTATE 'AS001' ("take the slow path"):
-- nothing it did stays, and the caller runs its own statements for the rare cases (a repeated
-- key, a new device, a number out of order, a first save, a submitted application).
CREATE FUNCTION answer_save(
  p_user uuid, p_key text, p_request_hash text, p_client_id text, p_seq bigint, p_fields jsonb,
  p_clock_offset_ms bigint, p_message text
) RETURNS jsonb LANGUAGE plpgsql VOLATILE AS $$
DECLARE
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
    UPDATE client_sequences
      SET last_seq = p_seq, updated_at = clock_timestamp() + p_clock_offset_ms * interval '1 millisecond'
      WHERE user_id = p_user AND client_id = p_client_id AND last_seq = p_seq - 1;
    IF NOT FOUND THEN
      RAISE EXCEPTION 'answer_save: a new device or a number out of order' USING ERRCODE = 'AS001';
    END IF;
  END IF;
  SELECT answer_revision, submitted_at IS NOT NULL INTO v_revision, v_submitted
    FROM applications WHERE user_id = p_user FOR UPDATE;
  IF NOT FOUND OR v_submitted THEN
    RAISE EXCEPTION 'answer_save: a first save or a submitted application' USING ERRCODE = 'AS001';
  END IF;
  RETURN answer_save_write(p_user, p_key, p_fields, v_revision + 1, p_clock_offset_ms, p_message);
END
$$;
