/*
 * What replacing a small file costs the kernel, three ways, with no JVM: write a new file under
 * a temporary name and rename it over the old one; write it under a temporary name, swap the two
 * names with renameat2(RENAME_EXCHANGE), then unlink the old file; unlink the old file, then
 * create the new one in place (what Files.copy(..., REPLACE_EXISTING) does, not atomic).
 * On ext4 a rename over an existing file makes the kernel write the new file's data out at once
 * (auto_da_alloc), which the exchange does not. docs/BENCHMARKS.md, "copy: holes, reflinks".
 *
 *   gcc -O2 -o /tmp/replacefloor docs/measure/replacefloor.c
 *   /tmp/replacefloor DIR COUNT SIZE      e.g. /tmp/replacefloor fastio-data 2000 5120
 */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <fcntl.h>
#include <unistd.h>
#include <string.h>
#include <time.h>
#include <stdio.h>
#include <linux/fs.h>
static double now(){struct timespec t;clock_gettime(CLOCK_MONOTONIC,&t);return t.tv_sec*1e9+t.tv_nsec;}
int main(int argc,char**argv){
  const char*dir=argv[1]; int n=atoi(argv[2]); int size=atoi(argv[3]);
  char*buf=malloc(size); memset(buf,7,size);
  char tgt[512],tmp[512]; snprintf(tgt,512,"%s/target",dir); snprintf(tmp,512,"%s/tmp",dir);
  int fd=open(tgt,O_WRONLY|O_CREAT|O_TRUNC,0644); write(fd,buf,size); close(fd);
  for(int mode=0;mode<3;mode++){
    double t0=now();
    for(int i=0;i<n;i++){
      if(mode==2){ unlink(tgt); fd=open(tgt,O_WRONLY|O_CREAT|O_EXCL,0644); write(fd,buf,size); close(fd); continue;}
      fd=open(tmp,O_WRONLY|O_CREAT|O_EXCL,0644); write(fd,buf,size); close(fd);
      if(mode==0){ if(rename(tmp,tgt))perror("rename"); }
      else { if(renameat2(AT_FDCWD,tmp,AT_FDCWD,tgt,RENAME_EXCHANGE))perror("x"); unlink(tmp);} 
    }
    printf("%s: %.1f us\n", mode==0?"rename-over":mode==1?"exchange+unlink":"unlink+create", (now()-t0)/n/1000);
  }
}
