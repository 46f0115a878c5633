package dev.fastio.array;

/** What to do with trailing bytes that do not make a whole element. */
public enum Tail {
    /** A file whose length is not a multiple of the element size is an error naming both (the default). */
    REJECT,
    /** Load the whole elements and ignore the rest. */
    IGNORE
}
