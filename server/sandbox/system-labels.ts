import type { Label } from '../../contract/common';
import type { StorageRow } from './store/storages';

interface OperatingSystem {
  architecture: string;
  brand: string;
  version: string;
  category: 'Linux' | 'Windows';
  type: string;
}

/** The seeded public templates' operating systems, by title (seed.ts names them). */
const templateSystems: Record<string, OperatingSystem> = {
  'Debian GNU/Linux 12 (Bookworm)': {
    architecture: '64',
    brand: 'Debian',
    version: '12',
    category: 'Linux',
    type: 'debian',
  },
  'Ubuntu Server 24.04 LTS (Noble Numbat)': {
    architecture: '64',
    brand: 'Ubuntu',
    version: '24.04',
    category: 'Linux',
    type: 'ubuntu',
  },
  'Rocky Linux 9': {
    architecture: '64',
    brand: 'Rocky Linux',
    version: '9',
    category: 'Linux',
    type: 'rockylinux',
  },
  'Windows Server 2022 Standard': {
    architecture: '64',
    brand: 'Windows Server',
    version: '2022',
    category: 'Windows',
    type: 'windows',
  },
};

/**
 * The API's own labels on a copy of `source` (api-rules §2.8.4): a disk cloned from a public
 * template names its operating system and template, as the real service does (UpCloud's Go SDK
 * recordings: `_os_architecture`, `_os_brand_name`, `_os_brand_version`, `_os_main_category`,
 * `_os_type`, `_template_uuid`); a copy of a disk keeps the system labels of its source.
 */
export function systemLabelsOfCopy(source: StorageRow, sourceLabels: readonly Label[]): Label[] {
  const system = source.access === 'public' ? templateSystems[source.title] : undefined;
  if (source.type === 'template' && system) {
    return [
      { key: '_os_architecture', value: system.architecture },
      { key: '_os_brand_name', value: system.brand },
      { key: '_os_brand_version', value: system.version },
      { key: '_os_main_category', value: system.category },
      { key: '_os_type', value: system.type },
      { key: '_template_uuid', value: source.uuid },
    ];
  }
  return sourceLabels.filter((label) => label.key.startsWith('_'));
}

/** A new label set from a request keeps the API's own labels, which requests cannot name. */
export const withSystemLabels = (current: readonly Label[], requested: readonly Label[]) => [
  ...current.filter((label) => label.key.startsWith('_')),
  ...requested,
];
