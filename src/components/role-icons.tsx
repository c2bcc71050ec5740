import {
  IconBuildingStore,
  IconCode,
  IconHeart,
  IconMicrophone2,
  IconShieldLock,
  type Icon,
} from '@tabler/icons-react';
import type { Role } from '@/lib/roles';

/** One icon per role. */
export const ROLE_ICONS: Record<Role, Icon> = {
  fan: IconHeart,
  artist: IconMicrophone2,
  brand: IconBuildingStore,
  developer: IconCode,
  admin: IconShieldLock,
};
