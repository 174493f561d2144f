/** The in-memory bookshelf the Zod, Valibot and ArkType examples serve, so the three read alike. */

/** A book as the shelf keeps it. */
export interface Book {
  id: number
  title: string
  isbn: string
  year: number
  tags: string[]
  addedAt: Date
}

/** What a new book is made of. */
export type NewBook = Omit<Book, 'id' | 'addedAt'>

export class Bookshelf {
  #books = new Map<number, Book>()
  #nextId = 1

  /** Adds a book; undefined when one with the same ISBN is already on the shelf. */
  add(input: NewBook): Book | undefined {
    if ([...this.#books.values()].some((book) => book.isbn === input.isbn)) return undefined
    const book = { id: this.#nextId++, ...input, addedAt: new Date() }
    this.#books.set(book.id, book)
    return book
  }

  find(id: number): Book | undefined {
    return this.#books.get(id)
  }

  /** The books carrying every tag asked for, at most `limit` of them. */
  list(tags: readonly string[], limit: number): Book[] {
    return [...this.#books.values()].filter((book) => tags.every((tag) => book.tags.includes(tag))).slice(0, limit)
  }

  update(id: number, changes: Partial<NewBook>): Book | undefined {
    const book = this.#books.get(id)
    if (book !== undefined) Object.assign(book, changes)
    return book
  }
}
