CREATE OR REPLACE FUNCTION public.api_put_preferences(p jsonb)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  _r record;
  _g public.mediaid_grants;
  _scopes text[];
  _m public.media_ids;
  _k text;
  _interests text[];
  _genres text[];
begin
  select * into _r from private.api_grant('preferences:write');
  _g := _r.grant_row;
  _scopes := _r.scopes;
  _m := private.api_media_id(_g);
  if p is null or jsonb_typeof(p) <> 'object' or p = '{}'::jsonb then
    raise exception 'invalid_request' using errcode = '22023',
      detail = 'The body must be an object with interests and/or genre_preferences.';
  end if;
  for _k in select jsonb_object_keys(p) loop
    if _k not in ('interests', 'genre_preferences') then
      raise exception 'invalid_request' using errcode = '22023',
        detail = format('"%s" cannot be written: only interests and genre_preferences can.', _k);
    end if;
    if jsonb_typeof(p -> _k) <> 'array'
       or exists (select 1 from jsonb_array_elements(p -> _k) e
                  where jsonb_typeof(e) <> 'string' or char_length(btrim(e #>> '{}')) not between 1 and 50) then
      raise exception 'invalid_request' using errcode = '22023',
        detail = format('%s must be an array of texts of 1 to 50 characters.', _k);
    end if;
  end loop;
  if p ? 'interests' then
    _interests := array(select x.v from (select btrim(e) as v, min(i) as i from jsonb_array_elements_text(p -> 'interests') with ordinality t(e, i) group by 1) x order by x.i);
    if cardinality(_interests) > 5 then
      raise exception 'invalid_request' using errcode = '22023', detail = 'interests holds at most 5 entries.';
    end if;
  end if;
  if p ? 'genre_preferences' then
    _genres := array(select x.v from (select btrim(e) as v, min(i) as i from jsonb_array_elements_text(p -> 'genre_preferences') with ordinality t(e, i) group by 1) x order by x.i);
    if cardinality(_genres) > 20 then
      raise exception 'invalid_request' using errcode = '22023', detail = 'genre_preferences holds at most 20 entries.';
    end if;
  end if;
  update public.media_ids m set
    interests = coalesce(_interests, m.interests),
    genre_preferences = coalesce(_genres, m.genre_preferences),
    updated_at = now()
  where m.id = _m.id
  returning m.* into _m;
  perform private.api_log(_g, 'PUT /api/v1/preferences', 'updated your ' ||
    array_to_string(array_remove(array[case when _interests is not null then 'interests' end,
                                       case when _genres is not null then 'genre preferences' end], null), ' and '));
  return private.api_preferences_json(_m);
end
$function$;
