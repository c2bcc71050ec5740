create policy upload_checks_service on private.upload_checks as permissive for all to service_role
  using (true)
  with check (true);
