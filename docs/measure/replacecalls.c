/*
 * Replacing a small file: each way's system calls made from C, as strace shows them
 * (docs/measure/peer-syscalls.sh, the kinds ending in Replace), rounds interleaved (the load of a
 * shared machine moves), each round over an old file of the same size. What is left between
 * these ratios and the JVM's is the JVM's work, not the kernel's. docs/BENCHMARKS.md, "Small
 * files, second stop".
 *
 *   gcc -O2 -o /tmp/replacecalls docs/measure/replacecalls.c
 *   mkdir -p /tmp/replacecalls.d && /tmp/replacecalls fastio-data/text-5120.txt /tmp/replacecalls.d 2000
 */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <fcntl.h>
#include <unistd.h>
#include <time.h>
#include <sys/stat.h>
#include <sys/sendfile.h>
#include <linux/fs.h>
static double now(){struct timespec t;clock_gettime(CLOCK_MONOTONIC,&t);return t.tv_sec*1e9+t.tv_nsec;}
int main(int argc,char**argv){
  const char*src=argv[1]; const char*dir=argv[2]; int n=atoi(argv[3]);
  char dst[512], tmp[512], p[64]; const char*tname=".fastio-0123456789abcdef.tmp";
  snprintf(dst,512,"%s/dst",dir); snprintf(tmp,512,"%s/%s",dir,tname);
  struct stat st; static char buf[1<<18]; enum {K=5}; double tot[K]={0};
  for(int r=0;r<n;r++) for(int m=0;m<K;m++){
    { unlink(dst); int o=open(dst,O_WRONLY|O_CREAT|O_EXCL,0644); write(o,buf,5120); close(o); } /* the old file, untimed (created, not truncated: ext4 writes a truncated file out at its close) */
    double t0=now(); int in,out,d; ssize_t k;
    switch(m){
    case 0: /* Files.copy(REPLACE_EXISTING), JDK 22+: 11 */
      stat(src,&st); access(src,R_OK); lstat(dst,&st); unlink(dst); in=open(src,O_RDONLY); out=open(dst,O_WRONLY|O_CREAT|O_EXCL,0644);
      posix_fadvise(in,0,0,POSIX_FADV_SEQUENTIAL); copy_file_range(in,0,out,0,1<<30,0); copy_file_range(in,0,out,0,1<<30,0); close(out); close(in); break;
    case 1: /* fastio atomic(false), JDK 22+: 12 */
      stat(src,&st); lstat(dst,&st); in=open(src,O_RDONLY|O_CLOEXEC); fstat(in,&st); unlink(dst);
      out=open(dst,O_RDWR|O_CREAT|O_EXCL|O_NOFOLLOW|O_CLOEXEC,0600); { loff_t a=0,b=0; copy_file_range(in,&a,out,&b,st.st_size,0);}
      fstat(in,&st); fchmod(out,0644); fstat(out,&st); close(out); close(in); break;
    case 2: /* fastio default, JDK 22+: 16 (unnamed file, a temporary name, exchanged, the old one unlinked) */
      stat(src,&st); lstat(dst,&st); in=open(src,O_RDONLY|O_CLOEXEC); fstat(in,&st);
      out=open(dir,O_TMPFILE|O_RDWR|O_CLOEXEC,0644); { loff_t a=0,b=0; copy_file_range(in,&a,out,&b,st.st_size,0);}
      fstat(in,&st); fstat(out,&st); d=open(dir,O_PATH|O_DIRECTORY|O_CLOEXEC); snprintf(p,64,"/proc/self/fd/%d",out);
      linkat(AT_FDCWD,p,d,tname,AT_SYMLINK_FOLLOW); renameat2(d,tname,d,"dst",RENAME_EXCHANGE); fstatat(d,"dst",&st,AT_SYMLINK_NOFOLLOW);
      close(out); unlinkat(d,tname,0); close(d); close(in); break;
    case 3: /* Files.copy(REPLACE_EXISTING), JDK 17: 9 */
      stat(src,&st); lstat(dst,&st); unlink(dst); in=open(src,O_RDONLY); out=open(dst,O_WRONLY|O_CREAT|O_EXCL,0644);
      sendfile(out,in,NULL,1<<30); sendfile(out,in,NULL,1<<30); close(out); close(in); break;
    case 4: /* fastio default, JDK 17: 12 (a temporary name, renamed over the old file) */
      stat(src,&st); lstat(dst,&st); in=open(src,O_RDONLY); stat(dir,&st); out=open(tmp,O_RDWR|O_CREAT|O_EXCL,0600);
      k=pread(in,buf,5121,0); pwrite(out,buf,k,0); stat(src,&st); chmod(tmp,0644); close(out); rename(tmp,dst); close(in); break;
    }
    tot[m]+=now()-t0;
  }
  const char*names[K]={"Files.copy's calls, JDK 22+ (11)","fastio atomic(false)'s, JDK 22+ (12)","fastio default's, JDK 22+ (16)",
    "Files.copy's calls, JDK 17 (9)","fastio default's, JDK 17 (12, rename over)"};
  for(int m=0;m<K;m++) printf("%-44s %7.1f us  (%.2fx Files.copy's of its JDK)\n",names[m],tot[m]/n/1000,tot[m]/tot[m<3?0:3]);
}
