-- Accounts created before 20261120300000_fan_locker_rewards got no fan sample: the sign-up
-- trigger that generates it came with that migration. Give every existing account its sample
-- now, relative to its own sign-up date. generate_fan_sample is idempotent (every insert is
-- `on conflict do nothing`), so accounts that already have it, and claims or subscriptions a
-- fan has since changed, are left as they are.
select public.generate_fan_sample(u.id, u.created_at) from auth.users u;
