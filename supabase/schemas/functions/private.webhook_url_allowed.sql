CREATE OR REPLACE FUNCTION private.webhook_url_allowed(p_url text)
 RETURNS boolean
 LANGUAGE plpgsql
 IMMUTABLE
 SET search_path TO ''
AS $function$
declare
  _m text[];
  _host text;
  _addr inet;
begin
  if p_url is null or char_length(p_url) > 2048 or p_url ~ '\s' then
    return false;
  end if;
  if p_url ~ '^http://(localhost|127\.0\.0\.1|\[::1\])(:[0-9]{1,5})?([/?#]\S*)?$' then
    return true;
  end if;
  _m := regexp_match(p_url, '^https://([^/?#@\s]+)([/?#]\S*)?$');
  if _m is null then
    return false;
  end if;
  _host := lower(_m[1]);
  if _host ~ '^\[' then -- an IPv6 literal: global unicast only, none of its special ranges
    _m := regexp_match(_host, '^\[([0-9a-f:.]+)\](:[0-9]{1,5})?$');
    if _m is null then
      return false;
    end if;
    begin
      _addr := _m[1]::inet;
    exception when others then
      return false;
    end;
    return family(_addr) = 6 and _addr << '2000::/3'::inet
      and not (_addr << '2001::/23'::inet or _addr << '2001:db8::/32'::inet or _addr << '2002::/16'::inet);
  end if;
  _host := regexp_replace(_host, ':[0-9]{1,5}$', '');
  if _host !~ '^[a-z0-9_-]+(\.[a-z0-9_-]+)+$' then
    return false; -- one label, a trailing dot, a port left over, characters a host has not
  end if;
  -- WHATWG URL reads a host whose last label is a number as IPv4 (127.1, 0x7f.1, 2130706433)
  if _host ~ '\.(0x[0-9a-f]*|[0-9]+)$' or _host ~ '^(0x[0-9a-f]*|[0-9]+)$' then
    if _host !~ '^(25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9]?[0-9])(\.(25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9]?[0-9])){3}$' then
      return false;
    end if;
    _addr := _host::inet;
    return not (_addr << any (array['0.0.0.0/8', '10.0.0.0/8', '100.64.0.0/10', '127.0.0.0/8', '169.254.0.0/16',
      '172.16.0.0/12', '192.0.0.0/24', '192.0.2.0/24', '192.88.99.0/24', '192.168.0.0/16', '198.18.0.0/15',
      '198.51.100.0/24', '203.0.113.0/24', '224.0.0.0/4', '240.0.0.0/4']::inet[]));
  end if;
  return _host !~ '(^|\.)(localhost|local|internal|localdomain|home\.arpa)$';
end
$function$;
