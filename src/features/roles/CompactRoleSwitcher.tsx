import { Badge, Button, Menu } from '@mantine/core';
import { Modal } from '@/components/Modal';
import { IconAffiliate, IconChevronDown, IconId, IconLogout, IconSettings } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { SignOutDialog, useAuth } from '@/features/auth';
import { roleBadge } from './role-badge';
import { ROLE_ICONS } from '@/components/role-icons';
import { RoleSwitcherPanel } from './RoleSwitcherPanel';
import { useRoleSwitch } from './use-role-switch';
import { ROLE_DISPLAY, SELF_SIGNUP_ROLES } from '@/lib/roles';
import { useMountOnFirstOpen } from '@/lib/use-mount-on-first-open';

/** Compact role switcher for dashboard headers, with the full panel and sign-out. */
export function CompactRoleSwitcher() {
  const { profile } = useAuth();
  const choose = useRoleSwitch();
  const [panelOpen, setPanelOpen] = useState(false);
  const [signOutOpen, setSignOutOpen] = useState(false);
  const [menuOpen, setMenuOpen] = useState(false);
  // Mantine's Menu mounts on the first click of the button, not with every dashboard: mounted, it
  // anchors its dropdown (a re-render and a layout in the commit that shows the page) and mounts
  // its portal. The button then renders again inside it, so focus moves to the new one.
  const menu = useMountOnFirstOpen(menuOpen);
  const trigger = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (menu.mounted) trigger.current?.focus();
  }, [menu.mounted]);
  const current = ROLE_DISPLAY[profile.selectedRole];
  const CurrentIcon = ROLE_ICONS[profile.selectedRole];

  const roleButton = (
    <Button
      ref={trigger}
      aria-haspopup="menu"
      aria-expanded={false}
      onClick={menu.mounted ? undefined : () => setMenuOpen(true)}
      variant="light"
      color={current.color}
      size="xs"
      leftSection={<CurrentIcon size={16} aria-hidden />}
      rightSection={<IconChevronDown size={14} aria-hidden />}
      aria-label={`Current role: ${current.name}. Switch role`}
    >
      {current.name}
    </Button>
  );

  return (
    <>
      {menu.mounted ? (
        <Menu position="bottom-end" width={260} withinPortal opened={menu.opened} onChange={setMenuOpen}>
          <Menu.Target>{roleButton}</Menu.Target>
          <Menu.Dropdown>
            <Menu.Label>Switch role</Menu.Label>
            {SELF_SIGNUP_ROLES.map((role) => {
              const Icon = ROLE_ICONS[role];
              const badge = roleBadge(role, profile.selectedRole, profile.roleSetupStatuses, 'compact');
              return (
                <Menu.Item
                  key={role}
                  leftSection={<Icon size={16} aria-hidden />}
                  rightSection={
                    <Badge size="xs" color={badge.color} variant="light">
                      {badge.label}
                    </Badge>
                  }
                  onClick={() => void choose(role)}
                >
                  {ROLE_DISPLAY[role].name}
                </Menu.Item>
              );
            })}
            <Menu.Divider />
            <Menu.Item leftSection={<IconSettings size={16} aria-hidden />} onClick={() => setPanelOpen(true)}>
              Manage roles
            </Menu.Item>
            {(profile.selectedRole === 'artist' || profile.selectedRole === 'brand') && (
              <Menu.Item component={Link} to="/collaborations" leftSection={<IconAffiliate size={16} aria-hidden />}>
                Collaborations
              </Menu.Item>
            )}
            <Menu.Item component={Link} to="/settings/mediaid" leftSection={<IconId size={16} aria-hidden />}>
              MediaID settings
            </Menu.Item>
            <Menu.Item
              color="red"
              leftSection={<IconLogout size={16} aria-hidden />}
              onClick={() => setSignOutOpen(true)}
            >
              Sign out
            </Menu.Item>
          </Menu.Dropdown>
        </Menu>
      ) : (
        roleButton
      )}
      <Modal
        opened={panelOpen}
        onClose={() => setPanelOpen(false)}
        title="Role switcher"
        size="lg"
        closeButtonProps={{ 'aria-label': 'Close' }}
      >
        <RoleSwitcherPanel onDone={() => setPanelOpen(false)} />
      </Modal>
      <SignOutDialog opened={signOutOpen} onClose={() => setSignOutOpen(false)} />
    </>
  );
}
