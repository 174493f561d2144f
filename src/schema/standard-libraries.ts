/**
 * @module schema/standard-libraries
 * The profile of a Standard Schema library by its vendor name: Zod, Valibot and ArkType have one each
 * (`standard-zod`, `standard-valibot`, `standard-arktype`); another library is never trusted exact.
 */
import { arktypeProfile } from './standard-arktype.js'
import { target, type LibraryProfile } from './standard-profile.js'
import { valibotProfile } from './standard-valibot.js'
import { zodProfile } from './standard-zod.js'

export type { JsonSchemaConverter, LibraryProfile } from './standard-profile.js'

const unknownLibrary: LibraryProfile = {
  lenientOptions: {},
  utf16Lengths: false,
  convert(convert) {
    return { json: convert({ target }), exact: false, nonJson: null }
  },
}

const profiles: Record<string, LibraryProfile> = { zod: zodProfile, valibot: valibotProfile, arktype: arktypeProfile }

export function libraryProfile(vendor: string): LibraryProfile {
  return Object.hasOwn(profiles, vendor) ? profiles[vendor] : unknownLibrary
}
