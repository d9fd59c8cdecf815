-- Hand-written (issue 15, decision 0017): the common save writes its idempotency key once, with its
-- outcome, as the save's last write, instead of claiming it first (status 0) and recording the
-- outcome at the end: one tuple less per save (a key's claim and its update were two). Function
-- signatures are unchanged, so an API process of the previous release keeps working meanwhile.
--
-- answer_save_apply: the answers' write of answer_save_write (migration 0010), unchanged, without
-- the key: the answers upserted where the stored edit is not newer, the application's revision,
-- and the outcome (saved, saved_at, server_time, the superseded fields), returned.
CREATE FUNCTION answer_save_apply(
  p_user uuid, p_fields jsonb, p_revision bigint, p_clock_offset_ms bigint, p_message text
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
  )
  SELECT jsonb_build_object(
    'message', p_message,
    'saved', (SELECT count(*) FROM written),
    'saved_at', to_char(v_now AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'server_time', (extract(epoch FROM v_now) * 1000)::bigint,
    'superseded', coalesce(
      (SELECT jsonb_object_agg(answers.key, answers.value) FROM answers JOIN sent ON sent.k = answers.key
       WHERE answers.user_id = p_user AND sent.k NOT IN (SELECT key FROM written)),
      '{}'::jsonb)
  ) INTO v_body;
  RETURN v_body;
END
$$;
--> statement-breakpoint
-- answer_save_write: the slow path's write (services/answer-save.ts), which claimed the key first:
-- the answers, then the outcome recorded under the claimed key. As in migration 0010.
CREATE OR REPLACE FUNCTION answer_save_write(
  p_user uuid, p_key text, p_fields jsonb, p_revision bigint, p_clock_offset_ms bigint, p_message text
) RETURNS jsonb LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  v_body jsonb := answer_save_apply(p_user, p_fields, p_revision, p_clock_offset_ms, p_message);
BEGIN
  UPDATE idempotency_keys SET status_code = 200, response = v_body WHERE user_id = p_user AND key = p_key;
  RETURN v_body;
END
$$;
--> statement-breakpoint
-- answer_save: the common case (migrations 0010, 0011) with the key last. The device's sequence,
-- then the application's lock, then the answers, then the key inserted with the outcome. A key
-- already used cannot slip through: a retry of a batch with sequence headers finds its number
-- taken (a concurrent one waits for the first's sequence row, then finds it moved on); one without
-- them waits for the application's lock, writes, and finds the key taken. Either raises AS001, so
-- nothing of it stays, and the slow path (key first) replays the stored outcome (or answers 422).
CREATE OR REPLACE FUNCTION answer_save(
  p_user uuid, p_key text, p_request_hash text, p_client_id text, p_seq bigint, p_fields jsonb,
  p_clock_offset_ms bigint, p_message text
) RETURNS jsonb LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  v_now timestamptz := clock_timestamp() + p_clock_offset_ms * interval '1 millisecond';
  v_revision bigint;
  v_submitted boolean;
  v_body jsonb;
BEGIN
  IF p_client_id IS NOT NULL THEN
    UPDATE client_sequences SET last_seq = p_seq, updated_at = v_now
      WHERE user_id = p_user AND client_id = p_client_id AND last_seq = p_seq - 1;
    IF NOT FOUND AND p_seq = 1 THEN
      INSERT INTO client_sequences (user_id, client_id, last_seq, updated_at)
      VALUES (p_user, p_client_id, 1, v_now)
      ON CONFLICT (user_id, client_id) DO NOTHING;
    END IF;
    IF NOT FOUND THEN
      RAISE EXCEPTION 'answer_save: a number out of order or a repeated batch' USING ERRCODE = 'AS001';
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
  v_body := answer_save_apply(p_user, p_fields, v_revision + 1, p_clock_offset_ms, p_message);
  INSERT INTO idempotency_keys (user_id, key, request_hash, status_code, response)
  VALUES (p_user, p_key, p_request_hash, 200, v_body)
  ON CONFLICT DO NOTHING;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'answer_save: a repeated key' USING ERRCODE = 'AS001';
  END IF;
  RETURN v_body;
END
$$;
