/*
 * What a small copy to a new name costs the kernel, four ways, with no JVM, rounds interleaved
 * (the load of a shared machine moves): Files.copy's calls (stat, access, stat, open, create,
 * copy_file_range to end); fastio's default on JDK 22+ (statx of the source by name and twice
 * by descriptor, an unnamed O_TMPFILE file with its final mode, linkat through /proc/self/fd);
 * the calls of atomic(false) before 2026-11-26 (a folder descriptor, create 0600 relative to it,
 * fstat, fchmod); a create at the name with the final mode; atomic(false) now (a create at the
 * name 0600, fchmod, the identity fstat); Okio's (no stat, read and write by 8 KiB). docs/BENCHMARKS.md, "copy: small
 * copies at the kernel's price".
 *
 *   gcc -O2 -o /tmp/copyfloor docs/measure/copyfloor.c
 *   mkdir -p /tmp/copyfloor.d && /tmp/copyfloor fastio-data/text-5120.txt /tmp/copyfloor.d 3000
 */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <fcntl.h>
#include <unistd.h>
#include <string.h>
#include <time.h>
#include <sys/stat.h>
#include <sys/ioctl.h>
#include <linux/fs.h>
static double now(){struct timespec t;clock_gettime(CLOCK_MONOTONIC,&t);return t.tv_sec*1e9+t.tv_nsec;}
int main(int argc,char**argv){
  const char*src=argv[1]; const char*dir=argv[2]; int n=atoi(argv[3]);
  char dst[512]; snprintf(dst,512,"%s/dst",dir); struct stat st; char p[64];
  double tot[6]={0};
  for(int r=0;r<n;r++) for(int m=0;m<6;m++){
    unlink(dst);
    double t0=now();
    int in, out, d;
    switch(m){
    case 0: /* Files.copy */
      stat(src,&st); access(src,R_OK); stat(dst,&st); in=open(src,O_RDONLY); out=open(dst,O_WRONLY|O_CREAT|O_EXCL,0644);
      copy_file_range(in,0,out,0,1<<30,0); copy_file_range(in,0,out,0,1<<30,0); close(out); close(in); break;
    case 1: /* O_TMPFILE + linkat, final mode */
      stat(src,&st); stat(dst,&st); in=open(src,O_RDONLY|O_CLOEXEC); fstat(in,&st);
      out=open(dir,O_TMPFILE|O_RDWR|O_CLOEXEC,0644); { loff_t a=0,b=0; copy_file_range(in,&a,out,&b,st.st_size,0);} fstat(in,&st);
      snprintf(p,64,"/proc/self/fd/%d",out); linkat(AT_FDCWD,p,AT_FDCWD,dst,AT_SYMLINK_FOLLOW); close(out); close(in); break;
    case 2: /* create at the name, 0600, fchmod (before's atomic(false) without ioctl) */
      stat(src,&st); stat(dst,&st); in=open(src,O_RDONLY|O_CLOEXEC); fstat(in,&st);
      d=open(dir,O_PATH|O_DIRECTORY|O_CLOEXEC); out=openat(d,"dst",O_RDWR|O_CREAT|O_EXCL|O_NOFOLLOW|O_CLOEXEC,0600); fstat(out,&st);
      { loff_t a=0,b=0; copy_file_range(in,&a,out,&b,5120,0);} fstat(in,&st); fchmod(out,0644); close(out); close(d); close(in); break;
    case 3: /* create at the name, final mode, no dir fd */
      stat(src,&st); stat(dst,&st); in=open(src,O_RDONLY|O_CLOEXEC); fstat(in,&st);
      out=open(dst,O_RDWR|O_CREAT|O_EXCL|O_NOFOLLOW|O_CLOEXEC,0644);
      { loff_t a=0,b=0; copy_file_range(in,&a,out,&b,st.st_size,0);} fstat(in,&st); close(out); close(in); break;
    case 4: /* atomic(false) since 2026-11-26: create 0600 at the name, fchmod, the identity fstat before the close (11 calls) */
      stat(src,&st); stat(dst,&st); in=open(src,O_RDONLY|O_CLOEXEC); fstat(in,&st);
      out=open(dst,O_RDWR|O_CREAT|O_EXCL|O_NOFOLLOW|O_CLOEXEC,0600);
      { loff_t a=0,b=0; copy_file_range(in,&a,out,&b,st.st_size,0);} fstat(in,&st); fchmod(out,0644); fstat(out,&st); close(out); close(in); break;
    case 5: /* Okio's FileSystem.copy: no stat at all; an 8 KiB segment read, written, and the read that finds the end */
      { static char seg[8192]; ssize_t k; in=open(src,O_RDONLY|O_CLOEXEC); out=open(dst,O_WRONLY|O_CREAT|O_TRUNC|O_CLOEXEC,0666);
        while((k=read(in,seg,sizeof seg))>0) { write(out,seg,k); }
        close(in); close(out); } break;
    }
    tot[m]+=now()-t0;
  }
  const char*names[]={"Files.copy's calls","O_TMPFILE + linkat (fastio, 10 calls)","create 0600 at the name + fchmod, dir fd (before)","create at the name, final mode (10 calls)",
    "atomic(false): create 0600, fchmod, fstat (11 calls)","Okio's calls (no stat; 7 for 5 KB)"};
  for(int m=0;m<6;m++) printf("%-52s %6.1f us  (%.2fx Files.copy's)\n",names[m],tot[m]/n/1000,tot[m]/tot[0]);
}
