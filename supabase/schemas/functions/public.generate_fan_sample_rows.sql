CREATE OR REPLACE FUNCTION public.generate_fan_sample_rows(p_fan uuid, p_signed_up timestamp with time zone)
 RETURNS void
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  _today date := (p_signed_up at time zone 'utc')::date;
  _types text[] := array['music', 'video', 'code', 'music', 'bonus', 'video', 'music'];
  _artists text[] := array['BTI', 'Nyx Hollow', 'Kilo Verse', 'Neon Arcadia', 'Static Garden', 'Mara Sol',
    'Grey Cartographer', 'DJ Fennec', 'Velvet Circuit', 'The Low Ends', 'Sub Rosa', 'Hana Drift'];
  _titles jsonb := '{"music": ["Unreleased Demo", "Live Rehearsal Cut", "Alternate Mix", "Stem Pack", "B-Side"],
    "video": ["Studio Diary", "Rehearsal Footage", "Visualizer Preview"],
    "code": ["Merch Discount", "Early Ticket Code", "Vinyl Pre-order Code"],
    "bonus": ["Mystery Box", "Double Streak Points", "Backstage Wallpaper"]}';
  _type text;
  _title text;
  _artist text;
  _day integer;
begin
  for _day in 1..30 loop
    _type := _types[(_day - 1) % 7 + 1];
    _title := _titles -> _type ->> ((_day - 1) % jsonb_array_length(_titles -> _type));
    _artist := _artists[(_day - 1) % 12 + 1];
    insert into public.daily_rewards (id, fan_id, day, type, rarity, title, artist, description, brand_name,
        streak_bonus, unlock_date, unlocked_early)
      values (p_fan::text || '|' || _day, p_fan, _day, _type,
        case when _day % 30 = 0 then 'legendary' when _day % 7 = 0 then 'epic' when _day % 3 = 0 then 'rare' else 'common' end,
        _title, _artist, format('Day %s of your streak: %s from %s.', _day, lower(_title), _artist),
        case when _type = 'code' then 'Analog Threads' end,
        _day % 7 = 0, _today + (_day - 6), _day = 7)
      on conflict (fan_id, day) do nothing;
  end loop;

  insert into public.reward_claims (id, fan_id, day, claimed_at)
    select p_fan::text || '|' || d, p_fan, d, (_today + (d - 6))::timestamptz + interval '12 hours'
    from generate_series(1, 5) d
    on conflict (fan_id, day) do nothing;

  insert into public.subscriptions (id, fan_id, artist_id, artist_name, tier, price)
    values (p_fan::text || '|bti', p_fan, 'bti', 'BTI', 'tier3', 8)
    on conflict (fan_id, artist_id) do nothing;

  insert into public.locker_items (id, fan_id, type, title, artist, description, rarity, is_new, code_value,
      brand_name, heart_count, fire_count, star_count, share_count, comment_count, fan_tier_required,
      priority, publish_date, expires_at)
  values
    (p_fan::text || '|drop-static-bloom', p_fan, 'music', 'Static Bloom (Unreleased Stem Pack)', 'BTI',
      'Four stems from the live cut, yours to flip before the vinyl lands.', 'legendary', true, null, null,
      1284, 2310, 402, 318, 96, 3, 1, _today, p_signed_up + interval '45 minutes'),
    (p_fan::text || '|drop-cathedral-fog', p_fan, 'video', 'Cathedral Fog — Studio Session', 'Nyx Hollow',
      'Twenty minutes inside the reverb tank, filmed on a single night in Reykjavík.', 'epic', true, null, null,
      640, 212, 188, 74, 23, 2, 2, _today, p_signed_up + interval '150 minutes'),
    (p_fan::text || '|drop-neon-merch-code', p_fan, 'code', '20% Off Night Drive Merch', 'Neon Arcadia',
      'A brand drop for the Neon Arcadia tour capsule. One use per fan.', 'rare', false, 'NIGHTDRIVE20',
      'Analog Threads', 98, 41, 12, 19, 4, 1, 3, _today, p_signed_up + interval '2 days 5 hours'),
    (p_fan::text || '|drop-paper-lungs-event', p_fan, 'event', 'Paper Lungs Listening Party', 'Kilo Verse',
      'Private stream and Q&A — RSVP from the drop before it closes.', 'epic', false, null, null,
      3420, 1980, 1205, 802, 311, 3, 4, _today, p_signed_up + interval '9 hours 30 minutes'),
    (p_fan::text || '|drop-rust-belt-demo', p_fan, 'music', 'Rust Belt Demo (Tape Rip)', 'Static Garden',
      'Straight off the four-track, hiss and all.', 'common', false, null, null,
      57, 33, 8, 6, 2, 0, 5, _today, p_signed_up + interval '20 hours'),
    (p_fan::text || '|drop-shibuya-visual', p_fan, 'image', 'Shibuya 3AM — Hi-res Artwork', 'Hana Drift',
      'The full-resolution cover, signed in the corner.', 'rare', true, null, null,
      210, 96, 77, 31, 9, 1, 6, _today, p_signed_up + interval '3 days')
  on conflict (id) do nothing;
end
$function$;
