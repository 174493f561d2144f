/** An in-memory, database-like store for the typed-api example. */
import type { Static } from 'warren'
import type { Item, NewItem, NewUser, User } from './schemas.js'

type UserRecord = Static<typeof User> & { passwordHash: string }
type ItemRecord = Static<typeof Item>

export class Store {
  #users = new Map<number, UserRecord>()
  #items = new Map<number, ItemRecord>()
  #nextId = 1

  createUser(input: Static<typeof NewUser>): UserRecord {
    const user = { id: this.#nextId++, ...input, passwordHash: `hash-of-${input.email}` }
    this.#users.set(user.id, user)
    return user
  }

  findUser(id: number): UserRecord | undefined {
    return this.#users.get(id)
  }

  createItem(ownerId: number, input: Static<typeof NewItem>): ItemRecord {
    const item = { id: this.#nextId++, ownerId, title: input.title, done: false }
    this.#items.set(item.id, item)
    return item
  }

  listItems(ownerId: number | undefined, limit: number): ItemRecord[] {
    const all = [...this.#items.values()].filter((item) => ownerId === undefined || item.ownerId === ownerId)
    return all.slice(0, limit)
  }

  updateItem(id: number, changes: Partial<Pick<ItemRecord, 'title' | 'done'>>): ItemRecord | undefined {
    const item = this.#items.get(id)
    if (item === undefined) return undefined
    Object.assign(item, changes)
    return item
  }
}
