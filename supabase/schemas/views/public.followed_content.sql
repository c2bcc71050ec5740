create or replace view public.followed_content with (security_invoker=true, security_barrier=true) as
 SELECT p.id,
    s.fan_id,
    p.artist_id,
    COALESCE(NULLIF(d.name, ''::text), s.artist_name) AS artist_name,
    p.title,
    c.description,
    c.file_path,
    p.file_type,
    c.file_size,
    COALESCE(c.metadata, '{}'::jsonb) AS metadata,
    p.is_public,
    p.subscription_tier_required,
    p.unlock_date,
    p.created_at,
    s.tier AS follower_tier,
    c.id IS NULL AS locked,
    GREATEST(p._modified, s._modified,
        CASE
            WHEN p.unlock_date <= now() THEN p.unlock_date
            ELSE NULL::timestamp with time zone
        END) AS _modified,
    p._deleted OR s._deleted AS _deleted,
    GREATEST(p._txid, s._txid) AS _txid,
    p._txid AS _preview_txid,
    s._txid AS _subscription_txid
   FROM public.subscriptions s
     JOIN public.content_previews p ON p.artist_id::text = s.artist_id
     LEFT JOIN public.content_items c ON c.id = p.id AND NOT c._deleted
     LEFT JOIN public.artist_directory_counts d ON d.artist_id = p.artist_id
  WHERE s.fan_id = (( SELECT auth.uid() AS uid));

comment on view public.followed_content is 'A fan''s followed artists'' items (private fields only where RLS allows); pull by (_modified, id).';
