-- Hand-written (issue 33, decision 0017): GET /api/profile, what every signed-in page load asks, in
-- one statement with its session check. It was eight round trips (the session, then seven reads
-- built by the query builder, in parallel on the pool): 860 req/s on PostgreSQL, 2.4 % of pgbench
-- -S in the same run, with 36 % of the process in the socket writes and 19 % in the query builder.
--
-- profile_read: session_check (migration 0012, the API's session rules), then the profile of spec
-- §7 GET /api/profile for its user, as JSON text in the order of the spec's shape, ready to send:
-- the answers and the documents by key, the username, the last page, the logins and web statuses
-- oldest first (each created_at as an ISO string with milliseconds, as JavaScript's toISOString
-- writes it), the add-another counts, the chosen tabs, and p_server_time (the app's clock, ms).
-- NULL when the session is not active (an idle session's end is kept, as in answer_save_signed_in).
-- Each read is its own statement under READ COMMITTED, as the seven reads were.
CREATE FUNCTION profile_iso_time(p_at timestamptz) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT to_char(p_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
$$;
--> statement-breakpoint
CREATE FUNCTION profile_read(
  p_id_hash text, p_now timestamptz, p_idle_ms bigint, p_touch_ms bigint, p_server_time bigint
) RETURNS text LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  v_user uuid;
  v_username text;
BEGIN
  SELECT session_user_id, session_username INTO v_user, v_username
    FROM session_check(p_id_hash, p_now, p_idle_ms, p_touch_ms);
  IF v_user IS NULL THEN
    RETURN NULL;
  END IF;
  RETURN json_build_object(
    'answer', coalesce(
      (SELECT json_object_agg(a.key, a.value) FROM answers a WHERE a.user_id = v_user), '{}'::json),
    'document_answer', coalesce(
      (SELECT json_object_agg(d.answer_key, json_build_object('file_name', d.file_name, 'file_size', d.file_size))
         FROM document_answers d WHERE d.user_id = v_user), '{}'::json),
    'username', v_username,
    'last_page', (SELECT p.last_page FROM applications p WHERE p.user_id = v_user),
    'successful_login', coalesce(
      (SELECT json_agg(json_build_object('created_at', profile_iso_time(l.created_at)) ORDER BY l.id)
         FROM login_events l WHERE l.user_id = v_user), '[]'::json),
    'web_status', coalesce(
      (SELECT json_agg(json_build_object('web_status', w.web_status, 'created_at', profile_iso_time(w.created_at))
         ORDER BY w.id)
         FROM web_status_entries w WHERE w.user_id = v_user), '[]'::json),
    'add_another', coalesce(
      (SELECT json_object_agg(c.button_id, c.num_components) FROM add_another_counts c WHERE c.user_id = v_user),
      '{}'::json),
    'tabs', coalesce(
      (SELECT json_object_agg(t.tab_id, t.chosen_tab) FROM tab_choices t WHERE t.user_id = v_user), '{}'::json),
    'server_time', p_server_time
  )::text;
END
$$;
