// The time zones an organisation or a standing order may pick, as IANA names. Intl knows them all;
// Node's ICU still lists a few by names IANA has since renamed (Asia/Calcutta), so those show under
// today's name (Asia/Kolkata), which Intl accepts as well.
import { isTimeZone } from './schedule'

const RENAMED: Record<string, string> = {
  'Asia/Calcutta': 'Asia/Kolkata',
  'Asia/Katmandu': 'Asia/Kathmandu',
  'Asia/Saigon': 'Asia/Ho_Chi_Minh',
  'Asia/Rangoon': 'Asia/Yangon',
  'Europe/Kiev': 'Europe/Kyiv',
  'America/Godthab': 'America/Nuuk',
  'Atlantic/Faeroe': 'Atlantic/Faroe',
  'Pacific/Truk': 'Pacific/Chuuk',
  'Pacific/Ponape': 'Pacific/Pohnpei',
  'Pacific/Enderbury': 'Pacific/Kanton',
}

let list: readonly string[] | null = null

/** Every zone on offer, sorted, UTC first. Built once: the same list on every page that offers it. */
export function timeZoneNames(): readonly string[] {
  if (!list) {
    const names = new Set(Intl.supportedValuesOf('timeZone').map((z) => RENAMED[z] ?? z).filter(isTimeZone))
    names.delete('UTC')
    list = ['UTC', ...[...names].sort()]
  }
  return list
}

/** The listed name for a zone (its current IANA name), or null when it is not one we offer. */
export function listedTimeZone(name: string | null | undefined): string | null {
  if (!name) return null
  const current = RENAMED[name] ?? name
  return timeZoneNames().includes(current) ? current : null
}

export const UNKNOWN_TIME_ZONE = 'Unknown time zone: choose one from the list (an IANA name such as America/New_York)'
