package dev.fastio.internal.copy;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Which folders are held as a SecureDirectoryStream: those where a user other than the owner may change entries. */
class FolderTest {
    private static final int DIR = 0040000;

    @Test
    void aFolderIsSharedWhenAnotherUserMayRenameItsEntries() {
        int me = 1000;
        // private: only the owner (this user, or root) writes
        assertThat(Folder.shared(DIR | 0755, me, me)).isFalse();
        assertThat(Folder.shared(DIR | 0700, me, me)).isFalse();
        assertThat(Folder.shared(DIR | 0755, 0, me)).as("root's folder").isFalse();
        // others may write: shared, unless sticky (they cannot rename or remove what they do not own)
        assertThat(Folder.shared(DIR | 0777, me, me)).isTrue();
        assertThat(Folder.shared(DIR | 0775, me, me)).as("group-writable (or an ACL's mask)").isTrue();
        assertThat(Folder.shared(DIR | 0757, me, me)).isTrue();
        assertThat(Folder.shared(DIR | 01777, 0, me)).as("/tmp").isFalse();
        assertThat(Folder.shared(DIR | 01775, me, me)).isFalse();
        // another user's folder: its owner can do anything in it
        assertThat(Folder.shared(DIR | 0755, 1001, me)).isTrue();
        assertThat(Folder.shared(DIR | 01777, 1001, me)).isTrue();
        // this process's user unknown: assume the worst
        assertThat(Folder.shared(DIR | 0700, me, -1)).isTrue();
    }
}
