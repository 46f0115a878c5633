/*
 * The JDK 17 path's small copy to a new name, its system calls made from C, against the calls of
 * JDK 17's Files.copy, rounds interleaved (the load of a shared machine moves). The calls are
 * the ones strace shows (docs/measure/peer-syscalls.sh on JDK 17): what is left between the
 * ratio of these and the JMH ratio is the JVM's work, not the kernel's. docs/PERFORMANCE.md,
 * "Copy beside the source".
 *
 *   gcc -O2 -o /tmp/copyfloor17 docs/measure/copyfloor17.c
 *   mkdir -p /tmp/copyfloor17.d && /tmp/copyfloor17 fastio-data/text-5120.txt /tmp/copyfloor17.d 3000
 */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <fcntl.h>
#include <unistd.h>
#include <time.h>
#include <sys/stat.h>
#include <sys/sendfile.h>
static double now(){struct timespec t;clock_gettime(CLOCK_MONOTONIC,&t);return t.tv_sec*1e9+t.tv_nsec;}
int main(int argc,char**argv){
  const char*src=argv[1]; const char*dir=argv[2]; int n=atoi(argv[3]);
  char dst[512], tmp[512]; snprintf(dst,512,"%s/dst",dir); snprintf(tmp,512,"%s/.fastio-0123456789abcdef.tmp",dir);
  struct stat st; static char buf[1<<18];
  double tot[5]={0};
  for(int r=0;r<n;r++) for(int m=0;m<5;m++){
    unlink(dst);
    double t0=now();
    int in, out; ssize_t k;
    switch(m){
    case 0: /* Files.copy, JDK 17: stat, lstat, open, create with the mode, sendfile to end */
      stat(src,&st); lstat(dst,&st); in=open(src,O_RDONLY); out=open(dst,O_WRONLY|O_CREAT|O_EXCL,0644);
      sendfile(out,in,NULL,1<<30); sendfile(out,in,NULL,1<<30); close(out); close(in); break;
    case 1: /* the same, without the second sendfile (the floor of a copy by the source's size) */
      stat(src,&st); lstat(dst,&st); in=open(src,O_RDONLY); out=open(dst,O_WRONLY|O_CREAT|O_EXCL,0644);
      sendfile(out,in,NULL,st.st_size); close(out); close(in); break;
    case 2: /* fastio atomic(false), JDK 17: + the folder's stat, 0600 until complete, the source's stamp after */
      stat(src,&st); stat(dst,&st); in=open(src,O_RDONLY); stat(dir,&st); out=open(dst,O_RDWR|O_CREAT|O_EXCL,0600);
      k=pread(in,buf,5121,0); pwrite(out,buf,k,0); stat(src,&st); chmod(dst,0644); close(out); close(in); break;
    case 3: /* fastio default, JDK 17: as 2 at a temporary name, then link and unlink */
      stat(src,&st); stat(dst,&st); in=open(src,O_RDONLY); stat(dir,&st); out=open(tmp,O_RDWR|O_CREAT|O_EXCL,0600);
      k=pread(in,buf,5121,0); pwrite(out,buf,k,0); stat(src,&st); chmod(tmp,0644); close(out); link(tmp,dst); unlink(tmp); close(in); break;
    case 4: /* 2 without what the guarantees add: no folder stat, final mode at create, no stamp after */
      stat(src,&st); stat(dst,&st); in=open(src,O_RDONLY); out=open(dst,O_RDWR|O_CREAT|O_EXCL,0644);
      k=pread(in,buf,5121,0); pwrite(out,buf,k,0); close(out); close(in); break;
    }
    tot[m]+=now()-t0;
  }
  const char*names[]={"Files.copy's calls (JDK 17, 8)","Files.copy's, one sendfile (7)","fastio atomic(false)'s calls (JDK 17, 11)",
    "fastio default's calls (JDK 17, 13)","atomic(false) less the guarantees' 3 calls (8)"};
  for(int m=0;m<5;m++) printf("%-48s %6.1f us  (%.2fx Files.copy's)\n",names[m],tot[m]/n/1000,tot[m]/tot[0]);
}
